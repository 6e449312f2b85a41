import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpAnswerOf } from '../../error-table.js';
import { ForbiddenError, NotFoundError, type AppError } from '../../errors.js';
import { isAllowedHost } from '../../http/host-guard.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import type { Forwarder } from './forwarder.js';
import { upstreamNotSet, upstreamTarget } from './not-set.js';

/** The platform's one WebSocket: workflow runs and their reconnects. */
export const WORKFLOW_WS_PATH = '/workflows/ws';

function refuse(socket: Duplex, err: AppError): void {
  const { status, body } = httpAnswerOf(err);
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : status === 403 ? 'Forbidden' : 'Not Implemented'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * The server's `upgrade` listener: the workflow WebSocket, proxied to the upstream.
 *
 * It is authenticated the way the platform authenticates it: the upgrade itself carries no
 * token (a browser's WebSocket cannot send `Authorization`), and the client's first message
 * (`{"action": "authenticate", "token": …}`) is verified by the AgentOS, whose JWT settings
 * are the developer's. What rundesk checks before opening anything is what it checks for every
 * request: a loopback `Host` naming this server (DNS rebinding), and — since browsers send
 * cookies with a cross-site WebSocket — an `Origin` that is this server's or one of
 * `cors_allowed_origins`.
 */
export function upgradeListener(runtime: Runtime, forwarder: Forwarder, address: () => { host: string; port: number }) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const { port, host } = address();
    if (!isAllowedHost(req.headers.host, port, host)) {
      refuse(socket, new ForbiddenError(`Host "${req.headers.host ?? ''}" is not allowed; use http://127.0.0.1:${port} (DNS rebinding protection)`));
      return;
    }
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== WORKFLOW_WS_PATH) {
      refuse(socket, new NotFoundError(`No WebSocket at ${path}; the platform's is ${WORKFLOW_WS_PATH}`));
      return;
    }
    const { settings } = runtime.settings();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${req.headers.host}` && !settings.cors_allowed_origins.includes(origin)) {
      refuse(socket, new ForbiddenError(`Origin "${origin}" is not in cors_allowed_origins`));
      return;
    }
    const target = upstreamTarget(settings.upstream);
    if (target === null) {
      refuse(socket, upstreamNotSet(`GET ${WORKFLOW_WS_PATH}`));
      return;
    }
    forwarder.ws(req, socket, head, target);
  };
}
