import type { DbLocation } from '../../api/types';
import { useNow } from '../../lib/hooks';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import styles from './SessionsHead.module.css';
import { cx } from '../../lib/cx';

/** Title, the database being read and whether the polled list is fresh. */
export function SessionsHead({ loc, updatedAt, fetching, error }: { loc: DbLocation; updatedAt: number; fetching: boolean; error: boolean }) {
  return (
    <div className={pageStyles.pageHead}>
      <div>
        <h1 className={pageStyles.pageTitle}>Sessions</h1>
        <div className={pageStyles.pageSub}>
          {loc.db ? (
            <>
              Database <span className={textStyles.mono}>{loc.db}</span>
              {loc.table && (
                <>
                  {' '}
                  / <span className={textStyles.mono}>{loc.table}</span>
                </>
              )}
            </>
          ) : (
            'Default database'
          )}{' '}
          · newest first
        </div>
      </div>
      <LiveIndicator updatedAt={updatedAt} fetching={fetching} error={error} />
    </div>
  );
}

function LiveIndicator({ updatedAt, fetching, error }: { updatedAt: number; fetching: boolean; error: boolean }) {
  const now = useNow(1000);
  const age = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  return (
    <div className={cx(styles.live, error ? styles.liveError : undefined)} title="The list refreshes every 2 seconds" data-testid="live">
      <span className={cx(styles.liveDot, fetching ? styles.fetching : undefined)} />
      {error ? 'Paused — last refresh failed' : <>Live{age !== null && <span className={textStyles.muted}> · updated {age < 2 ? 'now' : `${age}s ago`}</span>}</>}
    </div>
  );
}
