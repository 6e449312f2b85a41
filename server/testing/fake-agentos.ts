import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { connect, quoteIdentifier } from '../db/connection.js';
import type { StoredRun } from '../db/types.js';
import { buildAgnoDb, encodeSessionRow, type AgnoSessionRecord } from './agno-builder.js';
import { createFrameReader, encodeFrame, OPCODE } from './ws-frames.js';

/**
 * A small stand-in for the developer's AgentOS, for the gateway's tests and benchmark: it
 * replays the real platform's answers recorded under `test/fixtures/upstream/` (AgentOS 2.9 with
 * Agno's own Agent, Team and Workflow on a scripted model): Server-Sent Events paced as they
 * arrive from a model, one JSON body for `stream=false`, the live listings, and it writes each
 * finished run into an Agno SQLite file the way the agent does, so rundesk can read it back.
 * It counts what reaches it, so a test can prove that a refused request never did.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/upstream');

function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** The recorded stream, one SSE block (`event: …\ndata: …\n\n`) per element. */
function sseBlocks(name: string): string[] {
  return fixture(name)
    .split(/\n\n/)
    .filter((b) => b.trim() !== '')
    .map((b) => `${b.replace(/^\n+/, '')}\n\n`);
}

const KINDS = {
  agents: { stream: 'agent-stream-2.9.sse', json: 'agent-json-2.9.json', list: 'agents-2.9.json', type: 'agent' },
  teams: { stream: 'team-stream-2.9.sse', json: 'team-json-2.9.json', list: 'teams-2.9.json', type: 'team' },
  workflows: { stream: 'workflow-stream-2.9.sse', json: 'workflow-json-2.9.json', list: 'workflows-2.9.json', type: 'workflow' },
} as const;
type Family = keyof typeof KINDS;

export interface FakeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeAgentOsOptions {
  /** Agno SQLite file the finished runs are written to (created, with an empty session table). */
  dbFile?: string | undefined;
  /** Milliseconds between two streamed events (a scripted model's pace). Default 10. */
  paceMs?: number | undefined;
  /** Whose `GET /config` answer to give: AgentOS 2.9's (the default) or Agno 3's, which lists its live models. */
  configOf?: '2.9' | '3' | undefined;
  /** Run routes never answer (the gateway's timeout test). */
  hang?: boolean | undefined;
  /**
   * As an AgentOS with JWT auth: a request without `Authorization` (or `X-Api-Key`) answers 401
   * (`/health` stays open). The token itself is not checked.
   */
  requireToken?: boolean | undefined;
}

export interface FakeAgentOs {
  url: string;
  /** Every request that reached it, in order (body included). */
  readonly requests: FakeRequest[];
  /** Run requests whose client went away before the answer ended. */
  readonly cancelled: string[];
  /** Resolves when a request to a path starting with `prefix` is cancelled. */
  cancelledOnce(prefix: string): Promise<void>;
  /** Connections open to it now, idle keep-alive ones included (a proxy that leaves one open is seen). */
  openConnections(): Promise<number>;
  stop(): Promise<void>;
}

/** A form field of a urlencoded or multipart body, as AgentOS's `Form(...)` reads it. */
export function formField(req: FakeRequest, name: string): string | undefined {
  const type = String(req.headers['content-type'] ?? '');
  const text = req.body.toString('utf8');
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text).get(name) ?? undefined;
  const m = new RegExp(`name="${name}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r]*)\\r\\n`).exec(text);
  return m?.[1];
}

function sessionRecordOf(family: Family, run: StoredRun): AgnoSessionRecord {
  const at = typeof run['created_at'] === 'number' ? run['created_at'] : Math.floor(Date.now() / 1000);
  const base = { session_id: String(run['session_id']), user_id: (run['user_id'] as string | undefined) ?? null, runs: [run], created_at: at, updated_at: at };
  const model = { id: run['model'], provider: run['model_provider'], name: 'Scripted' };
  if (family === 'agents') {
    return { ...base, session_type: 'agent', agent_id: String(run['agent_id']), session_data: { session_state: {} }, agent_data: { name: run['agent_name'], agent_id: run['agent_id'], model } };
  }
  if (family === 'teams') {
    return { ...base, session_type: 'team', team_id: String(run['team_id']), session_data: { session_state: {} }, team_data: { name: run['team_name'], team_id: run['team_id'], model } };
  }
  return { ...base, session_type: 'workflow', workflow_id: String(run['workflow_id']), session_data: { session_state: {} }, workflow_data: { name: run['workflow_name'], workflow_id: run['workflow_id'] } };
}

/** The run dict the agent stores after a stream: the recorded body of the same kind, under the stream's ids. */
function storedRunOf(family: Family, events: Array<Record<string, unknown>>, message: string | undefined): StoredRun {
  const recorded = JSON.parse(fixture(KINDS[family].json)) as StoredRun;
  const started = events[0] ?? {};
  const completed = events[events.length - 1] ?? {};
  const tools = events.filter((e) => /ToolCallCompleted$/.test(String(e['event'])) && Number(e['nested_depth'] ?? 0) === 0).map((e) => e['tool']);
  const run: StoredRun = {
    ...recorded,
    run_id: started['run_id'] as string,
    session_id: started['session_id'] as string,
    ...(family === 'agents' ? { agent_id: started['agent_id'], agent_name: started['agent_name'], model: started['model'], model_provider: started['model_provider'] } : {}),
    content: completed['content'] ?? recorded['content'],
    metrics: completed['metrics'] ?? recorded['metrics'],
    created_at: Math.floor(Date.now() / 1000),
  };
  if (family === 'agents') {
    run['tools'] = tools;
    run['input'] = { input_content: message ?? '' };
    const stored = JSON.parse(fixture('stored-weather-runs-2.9.json')) as Array<Record<string, unknown>>;
    if (stored[0]?.['run_id'] === run['run_id']) run['messages'] = stored[0]?.['messages'];
  }
  return run;
}

function writeRun(dbFile: string, family: Family, run: StoredRun): void {
  const handle = connect(dbFile, { readOnly: false, create: false, wal: false });
  try {
    const row = encodeSessionRow(sessionRecordOf(family, run));
    const columns = Object.keys(row);
    handle.transaction(() => {
      handle.prepare(`DELETE FROM ${quoteIdentifier('agno_sessions')} WHERE session_id = ?`).run(row['session_id']);
      handle.prepare(`INSERT INTO agno_sessions (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
    })();
  } finally {
    handle.close();
  }
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export async function startFakeAgentOs(options: FakeAgentOsOptions = {}): Promise<FakeAgentOs> {
  const pace = options.paceMs ?? 10;
  if (options.dbFile) buildAgnoDb(options.dbFile, []);
  const requests: FakeRequest[] = [];
  const cancelled: string[] = [];
  const waiters: Array<{ prefix: string; resolve: () => void }> = [];
  const noteCancelled = (url: string) => {
    cancelled.push(url);
    for (const w of waiters.filter((w) => url.startsWith(w.prefix))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: FakeRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(seen);
      void answer(seen, res);
    });
  });

  const json = (res: http.ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  async function answer(req: FakeRequest, res: http.ServerResponse): Promise<void> {
    const pathname = req.url.split('?', 1)[0] as string;
    if (options.requireToken && pathname !== '/health' && req.headers.authorization === undefined && req.headers['x-api-key'] === undefined) {
      return json(res, 401, '{"detail":"Authorization header required"}');
    }
    const list = /^\/(agents|teams|workflows)$/.exec(pathname);
    if (req.method === 'GET' && list) return json(res, 200, fixture(KINDS[list[1] as Family].list));
    if (req.method === 'GET' && pathname === '/config') return json(res, 200, fixture(`config-${options.configOf ?? '2.9'}.json`));
    if (req.method === 'GET' && pathname === '/models') return json(res, 200, fixture('models-2.9.json'));
    // One component, as AgentOS answers it (a workflow's carries its steps, which its listing leaves out).
    const one = /^\/(agents|teams|workflows)\/([^/]+)$/.exec(pathname);
    if (req.method === 'GET' && one) {
      const detail = (JSON.parse(fixture('details-2.9.json')) as Record<string, unknown>)[`${one[1]}/${decodeURIComponent(one[2] as string)}`];
      if (detail !== undefined) return json(res, 200, JSON.stringify(detail));
      const type = KINDS[one[1] as Family].type;
      return json(res, 404, JSON.stringify({ detail: `${type[0]!.toUpperCase()}${type.slice(1)} not found` }));
    }
    if (req.method === 'GET' && pathname === '/health') return json(res, 200, '{"status":"ok"}');
    const cancel = /^\/(agents|teams|workflows)\/[^/]+\/runs\/[^/]+\/cancel$/.exec(pathname);
    if (req.method === 'POST' && cancel) return json(res, 200, '{"message":"Run cancelled"}');
    const run = /^\/(agents|teams|workflows)\/([^/]+)\/runs$/.exec(pathname);
    if (req.method !== 'POST' || !run) return json(res, 404, '{"detail":"Not Found"}');
    if (options.hang) {
      res.on('close', () => noteCancelled(req.url));
      return;
    }
    const family = run[1] as Family;
    const streamed = (formField(req, 'stream') ?? 'true').toLowerCase() !== 'false';
    if (!streamed) {
      const body = fixture(KINDS[family].json);
      if (options.dbFile) writeRun(options.dbFile, family, JSON.parse(body) as StoredRun);
      return json(res, 200, body);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    let gone = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        gone = true;
        noteCancelled(req.url);
      }
    });
    const events: Array<Record<string, unknown>> = [];
    for (const block of sseBlocks(KINDS[family].stream)) {
      await new Promise((r) => setTimeout(r, pace));
      if (gone) return;
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) events.push(JSON.parse(data) as Record<string, unknown>);
      if (!res.write(block)) await new Promise((r) => res.once('drain', r));
    }
    // As Agno: the session is saved when the run completes, before the stream closes.
    if (options.dbFile) writeRun(options.dbFile, family, storedRunOf(family, events, formField(req, 'message')));
    res.end();
  }

  // The workflow WebSocket as AgentOS speaks it (unauthenticated): `connected` once open, `pong`
  // to a `ping` action, `authenticated` to `authenticate` (the token is not checked), an error
  // naming any other action; a close frame is answered and the socket ended.
  const tunnels = new Set<Duplex>();
  server.on('upgrade', (req: http.IncomingMessage, socket, head: Buffer) => {
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    requests.push({ method: 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.alloc(0) });
    const accept = createHash('sha1').update(`${String(req.headers['sec-websocket-key'])}${WS_GUID}`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const send = (event: Record<string, unknown>) => socket.write(encodeFrame(OPCODE.text, JSON.stringify(event), false));
    send({ event: 'connected', message: 'Connected to AgentOS.', requires_auth: false });
    const read = createFrameReader();
    const onData = (d: Buffer) => {
      for (const frame of read(d)) {
        if (frame.opcode === OPCODE.close) {
          socket.end(encodeFrame(OPCODE.close, frame.payload.subarray(0, 2), false));
          return;
        }
        if (frame.opcode !== OPCODE.text) continue;
        let action: unknown;
        try {
          action = (JSON.parse(frame.payload.toString('utf8')) as { action?: unknown }).action;
        } catch {
          send({ event: 'error', error: 'Invalid JSON' });
          continue;
        }
        if (action === 'ping') send({ event: 'pong' });
        else if (action === 'authenticate') send({ event: 'authenticated', message: 'JWT authentication successful.' });
        else send({ event: 'error', error: `Unknown action: ${String(action)}` });
      }
    };
    if (head.length > 0) onData(head);
    socket.on('data', onData);
    // As uvicorn: a client that half-closes is gone.
    socket.on('end', () => socket.end());
    socket.on('error', () => socket.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    cancelled,
    cancelledOnce: (prefix) =>
      cancelled.some((u) => u.startsWith(prefix)) ? Promise.resolve() : new Promise((resolve) => waiters.push({ prefix, resolve })),
    openConnections: () => new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n)))),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
      }),
  };
}
