import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AppError } from '../../errors.js';
import { fromExpressError } from '../../http/error-middleware.js';
import { isAllowedHost } from '../../http/host-guard.js';
import { varyOnOrigin } from '../../http/cors.js';
import { authorizedBefore, authorizeRequest, errorKindOf } from '../../http/pipeline.js';
import { PLAIN_TARGET, writeError } from '../../http/quick-path.js';
import { setSecurityHeaders } from '../../http/security-headers.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import type { ForwardedRoute } from './forwarded-routes.js';
import type { Gateway } from './gateway.js';
import { runRequestOf } from './live-runs.js';
import { upstreamNotSet, upstreamTarget } from './not-set.js';
import { routeKey } from '../../http/route.js';

interface Compiled {
  method: string;
  pattern: RegExp;
  key: string;
  notSet: () => Error;
}

/** `/agents/{agent_id}/runs` → a pattern: literals in any letter case (as Express), `{name}` one segment. */
function compile(route: ForwardedRoute): Compiled {
  const literals = route.path.split(/\{[^/}]+\}/).map((p) => p.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  const key = routeKey(route);
  return { method: route.method.toUpperCase(), pattern: new RegExp(`^${literals.join('[^/]+')}/?$`, 'i'), key, notSet: route.notSet ?? (() => upstreamNotSet(key)) };
}

/**
 * The forwarded routes taken in front of Express, as the quick path takes hot reads: a forwarded
 * request is mostly the upstream's time, and Express's stack in front of it cost as much as the
 * proxying itself. The same stages run, in the same order, from the same modules — Host check,
 * security headers, the auth layer's decision (a refusal is answered here and never forwarded),
 * the request log, the forwarder — and it takes only what it can answer the same way: a plain
 * target matching a forwarded route, on an allowed Host, without `Origin` (CORS stays with
 * Express). Everything else goes to Express untouched.
 *
 * @returns a function that answers the request and returns true, or returns false having done nothing.
 */
export function createForwardPath(runtime: Runtime, gateway: Gateway, routes: readonly ForwardedRoute[], opts: { address: () => { host: string; port: number }; log: Logger }) {
  const compiled = routes.map(compile);
  const methods = new Set(compiled.map((c) => c.method));

  const fail = (res: ServerResponse, method: string, path: string) => (err: unknown) => {
    const kind: AppError = errorKindOf(err, fromExpressError, opts.log, { method, path });
    if (res.headersSent) res.destroy();
    else writeError(res, kind);
  };

  const send = (req: IncomingMessage, res: ServerResponse, route: Compiled, path: string): void => {
    const method = route.method;
    const target = upstreamTarget(runtime.settings().settings.upstream);
    if (target === null) {
      fail(res, method, path)(route.notSet());
      return;
    }
    const { requests, liveRuns, forwarder } = gateway;
    requests.forwarded(req);
    const id = requests.idOf(req);
    if (id !== null) res.setHeader('X-Rundesk-Request-Id', String(id));
    const what = runRequestOf(method, path);
    const tap = what && id !== null ? liveRuns.tap(id, what, (run) => requests.producedRun(req, run)) : undefined;
    forwarder.web(req, res, target, fail(res, method, path), tap);
  };

  const forward = (req: IncomingMessage, res: ServerResponse, route: Compiled, path: string): void => {
    const method = route.method;
    varyOnOrigin(res);
    setSecurityHeaders(res);
    const layer = runtime.auth();
    // Whatever goes wrong before the upstream has the request is answered as its error kind
    // (an unexpected one as a logged 500), never left to crash the server or hang the client.
    const sendOrFail = () => {
      try {
        send(req, res, route, path);
      } catch (err) {
        fail(res, method, path)(err);
      }
    };
    // A client repeating its token and request line on one connection: no turn of the event loop.
    if (authorizedBefore(layer, method, path, req.headers, req.socket) !== undefined) {
      sendOrFail();
      return;
    }
    authorizeRequest(layer, method, path, req.headers, req.socket).then(sendOrFail, (err: unknown) => fail(res, method, path)(err));
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? '';
    const url = req.url;
    if (!methods.has(method) || url === undefined || req.headers.origin !== undefined || !PLAIN_TARGET.test(url)) return false;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = compiled.find((c) => c.method === method && c.pattern.test(path));
    if (!route) return false;
    const bound = opts.address();
    if (!isAllowedHost(req.headers.host, bound.port, bound.host)) return false;
    forward(req, res, route, path);
    return true;
  };
}
