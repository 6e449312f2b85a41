import type { DbLocation } from '../../api/types';
import { useNow } from '../../lib/hooks';

/** Title, the database being read and whether the polled list is fresh. */
export function SessionsHead({ loc, updatedAt, fetching, error }: { loc: DbLocation; updatedAt: number; fetching: boolean; error: boolean }) {
  return (
    <div className="page-head">
      <div>
        <h1 className="page-title">Sessions</h1>
        <div className="page-sub">
          {loc.db ? (
            <>
              Database <span className="mono">{loc.db}</span>
              {loc.table && (
                <>
                  {' '}
                  / <span className="mono">{loc.table}</span>
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
    <div className={`live${error ? ' live-error' : ''}`} title="The list refreshes every 2 seconds" data-testid="live">
      <span className={`live-dot${fetching ? ' fetching' : ''}`} />
      {error ? 'Paused — last refresh failed' : <>Live{age !== null && <span className="muted"> · updated {age < 2 ? 'now' : `${age}s ago`}</span>}</>}
    </div>
  );
}
