import http from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import type { AppError } from '../../errors.js';
import { UpstreamTimeoutError, UpstreamUnavailableError } from '../../upstream-errors.js';
import { withoutDeskCredential } from './desk-credential.js';
import { requestSlot } from '../../request-slot.js';
import { createDeadlines, type DeadlineEntry } from './deadlines.js';

/** Where one request goes: the upstream's base URL and how long to wait for its answer. */
export interface ForwardTarget {
  url: string;
  timeoutSeconds: number;
}

/** Called as the upstream answers one forwarded request (the request log and live runs listen). */
export interface ForwardTap {
  /** The upstream's status and headers, before they are written to the client. */
  response?(status: number, headers: http.IncomingHttpHeaders): void;
  /** Each chunk of the upstream's body as it passes (the client gets the same bytes, unchanged). */
  chunk?(chunk: Buffer): void;
  /** The body ended, or the exchange was cut (client gone, upstream reset). */
  done?(completed: boolean): void;
}

interface Pending extends DeadlineEntry {
  target: ForwardTarget;
  timedOut: boolean;
  proxyReq: http.ClientRequest | null;
  tap: ForwardTap | undefined;
  /** The tap's `done` was called: it is called once, however the exchange ends. */
  settled: boolean;
  fail: (err: AppError) => void;
}

/** A new exchange, its header wait not yet started. */
function newPending(target: ForwardTarget, tap: ForwardTap | undefined, fail: (err: AppError) => void): Pending {
  return { target, timedOut: false, proxyReq: null, tap, settled: false, fail, deadline: 0, lane: null, prev: null, next: null };
}

/** Ends the tap of an exchange, once (the body ended, or the exchange was cut). */
function settle(p: Pending, completed: boolean): void {
  if (p.settled) return;
  p.settled = true;
  p.tap?.done?.(completed);
}

/**
 * The gateway's HTTP forwarding, on the maintained `http-proxy-3` library: one proxy for every
 * upstream URL (the target is chosen per request, so a settings change takes effect at once).
 *
 * What it adds to the library, and why:
 * - a timeout on the upstream's response headers that ends in a 504 naming the URL (the
 *   library's `proxyTimeout` destroys the request with the same error as a reset, so the two
 *   could not be told apart);
 * - errors as rundesk's error kinds (502 `UPSTREAM_UNAVAILABLE`, 504 `UPSTREAM_TIMEOUT`) when no
 *   byte was sent yet, a cut connection when the answer had started;
 * - Server-Sent Events with their headers flushed at once, so a client sees the stream open
 *   before the first event (the body is piped with backpressure, never buffered or compressed);
 * - the upstream's CORS headers dropped: rundesk's own CORS policy (`cors_allowed_origins`)
 *   answers browsers, whatever the upstream allows;
 * - the desk credential (cookie `rundesk_desk`, `X-Desk-Token`) never leaves rundesk.
 *
 * A client that disconnects destroys the upstream request (the library does this when the
 * response closes unfinished), which cancels the run on an AgentOS that streams it.
 */
export function createForwarder() {
  // Keep-alive to the upstream: a run's many small reads (listings, cancel) reuse one socket.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // On the request itself, not in a table (see request-slot.ts).
  const pending = requestSlot<http.IncomingMessage, Pending>('forwarding');
  /**
   * The client's answer closed (finished, or the client left). One listener shared by every
   * response — it finds the exchange on the request — rather than a closure made per request.
   */
  function endOnClose(this: http.ServerResponse): void {
    const req = this.req;
    const p = pending.get(req);
    if (!p) return;
    deadlines.remove(p);
    // Before the upstream's first byte the library cuts the upstream request without an error
    // of ours (its `econnreset`), so this is where the tap of such an exchange ends.
    settle(p, this.writableFinished);
    pending.delete(req);
  }
  // The wait for each upstream's response headers (`timeout_seconds`): too slow, and the upstream
  // request is cut, which ends in a 504 (see onError).
  const deadlines = createDeadlines<Pending>((p) => {
    p.timedOut = true;
    p.proxyReq?.destroy();
  });
  // Open WebSocket tunnels: an upgraded socket is no longer the HTTP server's to close.
  const tunnels = new Set<Duplex>();

  const onProxyReq = (proxyReq: http.ClientRequest, req: http.IncomingMessage): void => {
    const p = pending.get(req);
    if (!p) return;
    p.proxyReq = proxyReq;
    if (p.timedOut) proxyReq.destroy();
  };

  const onProxyRes = (proxyRes: http.IncomingMessage, req: http.IncomingMessage, res: http.ServerResponse): void => {
    const p = pending.get(req);
    if (p) deadlines.remove(p);
    for (const name of Object.keys(proxyRes.headers)) {
      if (name.startsWith('access-control-')) delete proxyRes.headers[name];
    }
    const type = String(proxyRes.headers['content-type'] ?? '');
    if (type.startsWith('text/event-stream')) {
      // The library writes status and headers right after this event; send them before the
      // first event arrives. `X-Accel-Buffering` keeps a reverse proxy in front from holding it.
      proxyRes.headers['x-accel-buffering'] = 'no';
      process.nextTick(() => {
        if (!res.headersSent && !res.destroyed) res.flushHeaders();
      });
    }
    const tap = p?.tap;
    if (p && tap) {
      tap.response?.(proxyRes.statusCode ?? 502, proxyRes.headers);
      const chunk = tap.chunk;
      // Read after the bytes went to the client (the library's pipe writes them in its own
      // `data` listener, attached after this event): the client never waits on the parsing. A
      // tick keeps the chunks in order and ahead of the `end` that follows them.
      if (chunk) proxyRes.on('data', (c: Buffer) => process.nextTick(chunk, c));
      proxyRes.once('end', () => settle(p, true));
      proxyRes.once('close', () => settle(p, proxyRes.complete));
    }
  };

  /**
   * One proxy per upstream URL, its target set when it is made (a settings change makes the next
   * one), called without per-request options: the library merges those into its defaults with a
   * second object spread, and once V8 optimizes that, each merged object gets a hidden class of
   * its own (Node 20), so every option the library reads from it misses its inline caches — a
   * small forwarded request cost about a quarter more CPU (`npm run bench:gateway`).
   */
  const proxyTo = (url: string) => {
    const proxy = createProxyServer({ agent, xfwd: true, changeOrigin: true, ws: true, target: new URL(url) });
    proxy.on('proxyReq', onProxyReq);
    proxy.on('proxyRes', onProxyRes);
    return proxy;
  };
  let current: { url: string; proxy: ReturnType<typeof proxyTo> } | null = null;
  const proxyFor = (url: string) => {
    if (current === null || current.url !== url) current = { url, proxy: proxyTo(url) };
    return current.proxy;
  };

  const onError = (err: Error, req: http.IncomingMessage, res: http.ServerResponse | Duplex) => {
    const p = pending.get(req);
    if (!p) return;
    deadlines.remove(p);
    settle(p, false);
    if (res instanceof http.ServerResponse) {
      if (res.headersSent) {
        // The answer had started: the only honest signal left is a cut connection.
        res.destroy();
        return;
      }
      // The client left (its request body may be consumed, so `req.destroyed` says nothing).
      if (res.destroyed || req.socket.destroyed) return;
    } else {
      (res as Duplex).destroy();
      return;
    }
    const code = (err as NodeJS.ErrnoException).code;
    p.fail(p.timedOut ? new UpstreamTimeoutError(p.target.url, p.target.timeoutSeconds) : new UpstreamUnavailableError(p.target.url, code ?? err.message, { cause: err }));
  };

  return {
    /**
     * Forwards one HTTP request to `target` with its method, path, query, headers and body
     * unchanged (the body streams through). `fail` is called with the error kind to answer
     * when the upstream cannot be reached or is too slow before any byte was sent.
     */
    web(req: http.IncomingMessage, res: http.ServerResponse, target: ForwardTarget, fail: (err: AppError) => void, tap?: ForwardTap): void {
      if (res.destroyed || req.socket.destroyed) {
        // The client left while rundesk was deciding (a JWKS fetch, a slow key file): its
        // response will never close again, so nothing would ever end an upstream request
        // opened now — a socket to the agent and its timer held for `timeout_seconds`. The
        // run is not started.
        tap?.done?.(false);
        return;
      }
      withoutDeskCredential(req.headers);
      const p = newPending(target, tap, fail);
      pending.set(req, p);
      deadlines.add(p, target.timeoutSeconds * 1000);
      res.on('close', endOnClose);
      proxyFor(target.url).web(req, res, onError);
    },

    /** Forwards an upgrade (the workflow WebSocket) to `target`; the socket is closed if it cannot. */
    ws(req: http.IncomingMessage, socket: Duplex, head: Buffer, target: ForwardTarget): void {
      withoutDeskCredential(req.headers);
      tunnels.add(socket);
      socket.once('close', () => {
        tunnels.delete(socket);
        pending.delete(req);
      });
      pending.set(req, newPending(target, undefined, () => socket.destroy()));
      proxyFor(target.url).ws(req, socket, head, onError);
    },

    /** Cuts every open WebSocket tunnel (the server is stopping: nothing else would end them). */
    closeTunnels(): void {
      for (const socket of tunnels) socket.destroy();
    },

    close(): void {
      for (const socket of tunnels) socket.destroy();
      deadlines.clear();
      agent.destroy();
    },
  };
}

export type Forwarder = ReturnType<typeof createForwarder>;
