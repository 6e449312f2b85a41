import { isApiError } from '../../api/client';
import type { DbLocation } from '../../api-types/shapes';
import { useNow } from '../../lib/hooks';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import styles from './SessionsHead.module.css';
import { cx } from '../../lib/cx';

/** Title, the database being read and whether the polled list is fresh. `failure`: why the last refresh failed. */
export function SessionsHead({ loc, answering, updatedAt, fetching, failure }: { loc: DbLocation; answering: string | undefined; updatedAt: number; fetching: boolean; failure: unknown }) {
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
          ) : answering ? (
            <span data-testid="answering-db">
              Database <span className={textStyles.mono}>{answering}</span> (it answers requests without <span className={textStyles.mono}>db_id</span>)
            </span>
          ) : (
            'Default database'
          )}{' '}
          · newest first
        </div>
      </div>
      <LiveIndicator updatedAt={updatedAt} fetching={fetching} failure={failure} />
    </div>
  );
}

/** Why the list is not live, by the failure's `error_code`. */
function pausedBecause(failure: unknown): string {
  if (!isApiError(failure)) return 'Paused — last refresh failed';
  switch (failure.code) {
    case 'NETWORK_ERROR':
      return 'Paused — server unreachable';
    case 'DATABASE_UNAVAILABLE':
      return 'Paused — database unavailable';
    case 'DATABASE_BUSY':
      return 'Paused — database busy';
    default:
      return `Paused — last refresh failed (${failure.status || 'no answer'})`;
  }
}

function LiveIndicator({ updatedAt, fetching, failure }: { updatedAt: number; fetching: boolean; failure: unknown }) {
  const now = useNow(1000);
  const age = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  const failed = failure !== null && failure !== undefined;
  return (
    <div className={cx(styles.live, failed ? styles.liveError : undefined)} title="The list refreshes every 2 seconds" data-testid="live" data-state={failed ? 'paused' : 'live'}>
      <span className={cx(styles.liveDot, fetching ? styles.fetching : undefined)} />
      {failed ? pausedBecause(failure) : <>Live{age !== null && <span className={textStyles.muted}> · updated {age < 2 ? 'now' : `${age}s ago`}</span>}</>}
    </div>
  );
}
