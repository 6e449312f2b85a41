import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpAnswerOf } from '../../error-table.js';
import { ForbiddenError, NotFoundError, type AppError } from '../../errors.js';
import { isAllowedHost } from '../../http/host-guard.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { extractToken } from '../../auth/token-source.js';
import type { Forwarder } from './forwarder.js';
import { upstreamNotSet, upstreamTarget } from './not-set.js';

/** The platform's one WebSocket: workflow runs and their reconnects. */
export const WORKFLOW_WS_PATH = '/workflows/ws';

function refuse(socket: Duplex, err: AppError): void {
  const { status, body, headers } = httpAnswerOf(err);
  const text = JSON.stringify(body);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${extra}` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * The request line whose scope a workflow run needs (`POST /workflows/{workflow_id}/runs`), asked
 * with a placeholder id as the platform derives its WebSocket's run scope; which workflow is not
 * known before the messages.
 */
const WORKFLOW_RUN_LINE = { method: 'POST', path: '/workflows/_/runs' } as const;

/**
 * rundesk's decision for an upgrade that carries a token (by the configured token source: the
 * `Authorization` header a script sends, or the cookie): the token verified, and a scope to run
 * workflows — the run route's (`workflows:run`, or the admin scope), or a per-workflow run scope
 * (`workflows:<id>:run`, whose workflow the AgentOS checks when it is named). `null`: allowed, or
 * no token to decide on (a browser cannot send one; its first message is verified upstream).
 */
async function refusalOf(runtime: Runtime, req: IncomingMessage): Promise<AppError | null> {
  const auth = runtime.settings().settings.auth;
  if (extractToken({ method: 'GET', path: WORKFLOW_WS_PATH, headers: req.headers }, auth).token === null) return null;
  const decision = await runtime.auth().authorize({ ...WORKFLOW_RUN_LINE, headers: req.headers });
  if (decision.outcome !== 'deny') return null;
  const scopes = decision.state?.scopes ?? [];
  if (decision.error.code === 'FORBIDDEN' && scopes.some((s) => /^workflows:[^:]+:run$/.test(s))) return null;
  return decision.error;
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
 * `cors_allowed_origins`. An upgrade that does carry a token (a script's `Authorization`, or
 * the cookie when `token_source` reads one) is decided by rundesk as the run routes are: a
 * token it refuses, or one without a scope to run workflows, gets 401/403 and no tunnel.
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
    // As for the run routes: a token rundesk refuses never opens a tunnel to the agent.
    refusalOf(runtime, req).then(
      (refusal) => {
        if (socket.destroyed) return;
        if (refusal) refuse(socket, refusal);
        else forwarder.ws(req, socket, head, target);
      },
      () => socket.destroy(),
    );
  };
}
