import type { RequestListener } from 'node:http';
import type { Runtime } from '../runtime-types.js';
import { createAccessLog } from './access-log.js';
import { createApp, type AppOptions } from './app.js';
import { redactUrl } from './redact-url.js';
import { createFastPath } from './run-fast-path.js';

export interface RequestListenerOptions extends AppOptions {
  /** Answer the run GET and the trace detail without Express when it can (default true; tests compare both ways). */
  fastPath?: boolean | undefined;
  onFastPath?: ((outcome: 'answered' | 'express') => void) | undefined;
}

/**
 * What the HTTP server runs for each request: the access log, then the fast path of the run GET and the trace detail,
 * which hands everything it does not answer to the Express app.
 */
export function createRequestListener(runtime: Runtime, opts: RequestListenerOptions): RequestListener {
  const app = createApp(runtime, opts);
  const accessLog = createAccessLog(opts.log, (url) => redactUrl(url, [runtime.deskToken]));
  const fast = opts.fastPath === false ? null : createFastPath(runtime, opts.address, opts.onFastPath);
  return (req, res) => {
    accessLog?.(req, res);
    if (fast) fast(req, res, () => app(req, res));
    else app(req, res);
  };
}
