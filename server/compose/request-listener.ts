import type { RequestListener } from 'node:http';
import type { Runtime } from '../runtime/runtime-types.js';
import { createAccessLog } from '../http/access-log.js';
import { createQuickPath } from '../http/quick-path.js';
import { redactUrl } from '../http/redact-url.js';
import { PLATFORM_ROUTES } from '../api/platform/platform-routes.js';
import { createApp, type AppOptions } from './app.js';
import { createForwardPath } from '../api/upstream/fast-path.js';
import { forwardedRoutes } from '../api/upstream/forwarded-routes.js';

export interface RequestListenerOptions extends AppOptions {
  /** Answer the quick routes without Express when the request allows (default true; tests compare both ways). */
  quickPath?: boolean | undefined;
  onQuickPath?: ((outcome: 'answered' | 'express') => void) | undefined;
}

/**
 * What the HTTP server runs for each request: the access log, then the quick path, which hands
 * everything it does not take to the Express app.
 */
export function createRequestListener(runtime: Runtime, opts: RequestListenerOptions): RequestListener {
  const app = createApp(runtime, opts);
  const accessLog = createAccessLog(opts.log, (url) => redactUrl(url, [runtime.deskToken]));
  const quick =
    opts.quickPath === false ? null : createQuickPath(runtime, PLATFORM_ROUTES, { address: opts.address, log: opts.log, app, observe: opts.onQuickPath });
  const requests = opts.gateway.requests;
  const forwardPath = opts.quickPath === false ? null : createForwardPath(runtime, opts.gateway, forwardedRoutes(PLATFORM_ROUTES), { address: opts.address, log: opts.log });
  return (req, res) => {
    accessLog?.(req, res);
    requests.observe(req, res);
    if (forwardPath?.(req, res)) return;
    if (quick) quick(req, res, () => app(req, res));
    else app(req, res);
  };
}
