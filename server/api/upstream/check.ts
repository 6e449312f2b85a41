import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface UpstreamCheck {
  url: string | null;
  reachable: boolean;
  status: number | null;
  latency_ms: number | null;
  /** The status of the upstream's `GET /agents` asked without a token, as the desk view asks it; `null` when not asked. */
  listing_status: number | null;
  detail: string;
}

/** One GET without credentials: its status and how long it took, or the error's code. */
function get(target: URL, timeoutMs: number): Promise<{ status: number; ms: number } | { error: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = (target.protocol === 'https:' ? httpsRequest : request)(target, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: Math.round((performance.now() - started) * 10) / 10 });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

/**
 * Whether an AgentOS answers at `url`: its `GET /health` (open on the platform), within
 * `timeoutMs`. Any HTTP answer means the process is there; a 200 means it is healthy. A healthy
 * one is also asked `GET /agents` without a token, as rundesk asks it for the developer (the desk
 * view, the UI not acting as a token): an AgentOS with JWT auth refuses, and its live agents then
 * show only to a token it trusts.
 */
export async function checkUpstream(url: string | null, timeoutMs = 5000): Promise<UpstreamCheck> {
  if (url === null) {
    return { url, reachable: false, status: null, latency_ms: null, listing_status: null, detail: 'upstream.url is not set: runs and the other routes rundesk does not perform answer 501' };
  }
  const base = url.replace(/\/+$/, '');
  const health = await get(new URL(`${base}/health`), timeoutMs);
  if ('error' in health) {
    return { url, reachable: false, status: null, latency_ms: null, listing_status: null, detail: `Cannot reach ${url} (${health.error}): is the AgentOS running?` };
  }
  if (health.status !== 200) {
    return { url, reachable: true, status: health.status, latency_ms: health.ms, listing_status: null, detail: `Something answers at ${url}, but GET /health gave ${health.status}: is it an AgentOS?` };
  }
  const listing = await get(new URL(`${base}/agents`), timeoutMs);
  const listingStatus = 'error' in listing ? null : listing.status;
  const refused = listingStatus === 401 || listingStatus === 403;
  return {
    url,
    reachable: true,
    status: 200,
    latency_ms: health.ms,
    listing_status: listingStatus,
    detail:
      `AgentOS answered GET /health in ${health.ms} ms` +
      (refused ? `; it lists its agents only to a token (GET /agents without one: ${listingStatus}), so its live agents show when you act as a token it trusts` : ''),
  };
}
