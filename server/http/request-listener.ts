import type { RequestListener } from 'node:http';
import type { Runtime } from '../runtime-types.js';
import { createAccessLog } from './access-log.js';
import { createApp, type AppOptions } from './app.js';
import { redactUrl } from './redact-url.js';

/**
 * What the HTTP server runs for each request: the access log, then the Express app.
 */
export function createRequestListener(runtime: Runtime, opts: AppOptions): RequestListener {
  const app = createApp(runtime, opts);
  const accessLog = createAccessLog(opts.log, (url) => redactUrl(url, [runtime.deskToken]));
  return (req, res) => {
    accessLog?.(req, res);
    app(req, res);
  };
}
