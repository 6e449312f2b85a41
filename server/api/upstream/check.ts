import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface UpstreamCheck {
  url: string | null;
  reachable: boolean;
  status: number | null;
  latency_ms: number | null;
  detail: string;
}

/**
 * Whether an AgentOS answers at `url`: its `GET /health` (open on the platform), within
 * `timeoutMs`. Any HTTP answer means the process is there; a 200 means it is healthy.
 */
export function checkUpstream(url: string | null, timeoutMs = 5000): Promise<UpstreamCheck> {
  if (url === null) {
    return Promise.resolve({ url, reachable: false, status: null, latency_ms: null, detail: 'upstream.url is not set: runs and the other routes rundesk does not perform answer 501' });
  }
  const started = performance.now();
  const target = new URL(`${url.replace(/\/+$/, '')}/health`);
  return new Promise((resolve) => {
    const req = (target.protocol === 'https:' ? httpsRequest : request)(target, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      const latency = Math.round((performance.now() - started) * 10) / 10;
      resolve({
        url,
        reachable: true,
        status,
        latency_ms: latency,
        detail: status === 200 ? `AgentOS answered GET /health in ${latency} ms` : `Something answers at ${url}, but GET /health gave ${status}: is it an AgentOS?`,
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => {
      resolve({ url, reachable: false, status: null, latency_ms: null, detail: `Cannot reach ${url} (${err.code ?? err.message}): is the AgentOS running?` });
    });
    req.end();
  });
}
