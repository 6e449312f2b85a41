import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError, route } from '../../api/client';
import { Callout } from '../../components/Callout';
import { Icon } from '../../components/Icon';
import { useNow } from '../../lib/hooks';
import styles from './ServerOutage.module.css';
import { Button } from '../../components/Button';

/** How often `/health` is asked while the server cannot be reached, and otherwise. */
export const RECOVERY_INTERVAL_MS = 2000;
export const HEALTH_INTERVAL_MS = 5000;

const unreachable = (err: unknown) => isApiError(err) && err.code === 'NETWORK_ERROR';

/**
 * Notices when a request (a query or an action) finds nothing listening. Pages that are not
 * polled (Settings, Tokens) would otherwise stay dead until reloaded.
 */
function useOutageStart(qc: QueryClient): [number | null, (at: number | null) => void] {
  const [downSince, setDownSince] = useState<number | null>(null);
  useEffect(() => {
    const mark = () => setDownSince((s) => s ?? Date.now());
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && (e.action.type === 'error' || e.action.type === 'failed') && unreachable(e.action.error)) mark();
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && unreachable(e.action.error)) mark();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc]);
  return [downSince, setDownSince];
}

/** When `/health` answered and which server process did (`instantiated_at`, new at each start). */
interface Heard {
  at: number;
  instance: string | null;
}

/** Any HTTP answer means something is listening; only "unreachable" fails. */
async function askHealth(signal: AbortSignal): Promise<Heard> {
  try {
    const health = await route('get', '/health', { signal });
    return { at: Date.now(), instance: String(health.instantiated_at ?? '') || null };
  } catch (err) {
    if (!isApiError(err) || err.status === 0) throw err;
    return { at: Date.now(), instance: null };
  }
}

/**
 * Keeps the pages current across a server that goes away and comes back:
 * - while a request finds nothing listening, a banner says so, `/health` is asked every
 *   `RECOVERY_INTERVAL_MS` and can be asked now;
 * - once it answers, or when `/health` names another server process (a restart between two
 *   checks), every query is asked again — the server may have restarted with other settings,
 *   keys and data, so nothing shown from before is kept as current.
 */
export function ServerOutage() {
  const qc = useQueryClient();
  const [downSince, setDownSince] = useOutageStart(qc);
  const health = useQuery({
    queryKey: ['server', 'health'] as const,
    queryFn: ({ signal }) => askHealth(signal),
    refetchInterval: downSince === null ? HEALTH_INTERVAL_MS : RECOVERY_INTERVAL_MS,
    retry: false,
  });
  const heard = health.data;
  const instance = useRef<string | null>(null);
  useEffect(() => {
    if (!heard) return;
    const restarted = heard.instance !== null && instance.current !== null && heard.instance !== instance.current;
    if (heard.instance !== null) instance.current = heard.instance;
    const back = downSince !== null && heard.at >= downSince;
    if (back) setDownSince(null);
    if (back || restarted) void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'server' });
  }, [heard, downSince, qc, setDownSince]);

  if (downSince === null) return null;
  return <OutageBanner downSince={downSince} retry={() => void health.refetch()} asking={health.isFetching} />;
}

function OutageBanner({ downSince, retry, asking }: { downSince: number; retry: () => void; asking: boolean }) {
  const now = useNow(1000);
  const seconds = Math.max(0, Math.round((now - downSince) / 1000));
  return (
    <div className={styles.outage}>
    <Callout
      tone="danger"
      title="Can’t reach the rundesk server"
      testId="server-outage"
      actions={
        <Button size="sm" onClick={retry} disabled={asking}>
          <Icon name="refresh" size={12} /> Try now
        </Button>
      }
    >
      Nothing answered for {seconds} s. Is it still running (or restarting)? rundesk asks again every {RECOVERY_INTERVAL_MS / 1000} s and
      reloads every page’s data as soon as it answers; nothing on screen is current until then.
    </Callout>
    </div>
  );
}
