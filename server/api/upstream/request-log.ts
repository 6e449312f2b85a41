import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthDecision } from '../../auth/types.js';
import { decisionOf } from '../../http/decision-note.js';
import { headWrittenAt } from '../../http/timed-response.js';
import { requestSlot } from '../../http/request-slot.js';

/** What the auth layer decided for a request, and the rule that decided it. */
export interface RequestVerdict {
  outcome: 'allow' | 'deny' | 'excluded';
  /** The scope mapping (or excluded path) that decided; `null` when none matched. */
  rule: string | null;
  rule_source: 'default' | 'custom' | 'excluded' | null;
  required_scopes: string[];
  /** The refusal's detail (401/403). */
  detail: string | null;
}

/** The run a forwarded request produced, as its answer named it. */
export interface RequestRun {
  run_id: string;
  session_id: string | null;
  kind: 'agent' | 'team' | 'workflow';
  component_id: string;
}

/** One request through rundesk, as the requests page shows it. */
export interface RequestRecord {
  id: number;
  started_at: string;
  method: string;
  /** Path and query as sent (the desk token redacted). */
  url: string;
  /** The token's user id (`sub`, or the configured claim); `null` without a verified token. */
  subject: string | null;
  verdict: RequestVerdict | null;
  /** `null` until the answer's headers went out. */
  status: number | null;
  ttfb_ms: number | null;
  duration_ms: number | null;
  /** Answered by the upstream AgentOS rather than by rundesk. */
  forwarded: boolean;
  run: RequestRun | null;
  state: 'open' | 'done' | 'aborted';
}

type Listener = (record: RequestRecord) => void;

/**
 * A record with what completes it: its response (until it ends), when it started, and the auth
 * decision (until the record is first looked at). The record's start time and verdict are written
 * out when it is read, not per request: most records are never read, and the objects made for
 * them outlived the young generation in the ring (`npm run bench:gateway`, docs/gateway.md).
 */
interface Entry {
  record: RequestRecord;
  res: ServerResponse | null;
  startedAt: number;
  /** `Date.now()` at the start, for `started_at`. */
  startedEpoch: number;
  decision: AuthDecision | undefined;
}

/** The verdict the requests page shows for the auth layer's decision. */
function verdictOf(decision: AuthDecision): RequestVerdict {
  if (decision.outcome === 'excluded') return { outcome: 'excluded', rule: decision.pattern, rule_source: 'excluded', required_scopes: [], detail: null };
  return {
    outcome: decision.outcome,
    rule: decision.matched?.pattern ?? null,
    rule_source: decision.matched?.source ?? null,
    required_scopes: [...decision.requiredScopes],
    detail: decision.outcome === 'deny' ? decision.error.message : null,
  };
}

/**
 * Every platform request through rundesk, newest last, in a ring of `capacity` records (the
 * oldest dropped): the network panel of agent development. The workbench's own calls (`/desk`,
 * `/ui`) are not recorded. Listeners hear each change (a request seen, answered, its run named).
 */
export function createRequestLog(capacity = 500, redact: (url: string) => string = (u) => u) {
  const ring: Array<Entry | undefined> = new Array(capacity);
  let next = 1;
  const listeners = new Set<Listener>();
  // On the request itself, not in a table (see request-slot.ts).
  const byRequest = requestSlot<IncomingMessage, Entry>('request-log entry');
  // The time to first byte is read from the response when the record is looked at (the server's
  // TimedResponse notes when its head went out), not by wrapping each response's writeHead.
  const current = (entry: Entry): RequestRecord => {
    const { record, res, decision } = entry;
    if (record.ttfb_ms === null && res !== null) {
      const at = headWrittenAt(res);
      if (at !== null) record.ttfb_ms = round(at - entry.startedAt);
    }
    if (record.started_at === '') record.started_at = new Date(entry.startedEpoch).toISOString();
    if (decision !== undefined) {
      entry.decision = undefined;
      record.subject = decision.outcome === 'excluded' ? null : (decision.state?.user_id ?? null);
      record.verdict = verdictOf(decision);
    }
    return record;
  };
  const emit = (entry: Entry) => {
    if (listeners.size === 0) return;
    const r = current(entry);
    for (const l of listeners) l(r);
  };

  /** The answer ended (or the client left): the record completes. `this` is the response. */
  function completeOnClose(this: ServerResponse): void {
    const req = this.req;
    const entry = byRequest.get(req);
    if (entry === undefined) return;
    byRequest.delete(req);
    const { record, startedAt } = entry;
    const headAt = record.ttfb_ms === null ? headWrittenAt(this) : null;
    if (headAt !== null) record.ttfb_ms = round(headAt - startedAt);
    entry.res = null;
    record.duration_ms = round(performance.now() - startedAt);
    record.status = this.headersSent ? this.statusCode : null;
    record.state = this.writableFinished ? 'done' : 'aborted';
    entry.decision = decisionOf(req.headers);
    // A refusal is written out at once: its decision holds the token it refused, which no
    // record keeps (an allowed one is the auth layer's cached decision, kept there anyway).
    if (entry.decision?.outcome === 'deny') current(entry);
    emit(entry);
  }

  return {
    /** Starts the record of one request; it completes itself when the answer ends. */
    observe(req: IncomingMessage, res: ServerResponse): void {
      const url = req.url ?? '/';
      if (/^\/(desk|ui)(\/|\?|$)/i.test(url)) return;
      const startedAt = performance.now();
      const record: RequestRecord = {
        id: next++,
        started_at: '',
        method: req.method ?? 'GET',
        url: redact(url),
        subject: null,
        verdict: null,
        status: null,
        ttfb_ms: null,
        duration_ms: null,
        forwarded: false,
        run: null,
        state: 'open',
      };
      const entry: Entry = { record, res, startedAt, startedEpoch: Date.now(), decision: undefined };
      ring[record.id % capacity] = entry;
      byRequest.set(req, entry);
      // One listener shared by every response (it finds the entry on the request), rather than
      // a closure and its context made per request.
      res.on('close', completeOnClose);
      emit(entry);
    },
    /** Marks the request as answered by the upstream. */
    forwarded(req: IncomingMessage): void {
      const entry = byRequest.get(req);
      if (entry) entry.record.forwarded = true;
    },

    /** Names the run a forwarded request produced (from its first event or its JSON answer). */
    producedRun(req: IncomingMessage, run: RequestRun): void {
      const entry = byRequest.get(req);
      if (!entry) return;
      entry.record.run = run;
      emit(entry);
    },

    idOf(req: IncomingMessage): number | null {
      return byRequest.get(req)?.record.id ?? null;
    },

    /** Records newer than `after` (all held when omitted), oldest first. */
    list(after = 0): RequestRecord[] {
      const out: RequestRecord[] = [];
      for (let id = Math.max(after + 1, next - capacity); id < next; id++) {
        const e = ring[id % capacity];
        if (e && e.record.id === id) out.push(current(e));
      }
      return out;
    },

    get(id: number): RequestRecord | null {
      const e = ring[id % capacity];
      return e && e.record.id === id ? current(e) : null;
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

export type RequestLog = ReturnType<typeof createRequestLog>;
