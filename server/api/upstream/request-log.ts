import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthDecision } from '../../auth/types.js';
import { decisionOf } from '../../http/decision-note.js';
import { headWrittenAt } from '../../http/timed-response.js';
import { requestSlot } from '../../request-slot.js';

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

const STATES = ['open', 'done', 'aborted'] as const;

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
 *
 * The ring is kept in columns — numbers in typed arrays, the rest in one array per field — and a
 * record object is made only when one is read or heard: objects made per request and kept in
 * the ring outlived the young generation and were promoted (a build without the ring's store
 * cost ~5 % less CPU per small forwarded request, `npm run bench:gateway`). A request in flight
 * carries only its record id (on the request itself; see request-slot.ts).
 */
export function createRequestLog(capacity = 500, redact: (url: string) => string = (u) => u) {
  const ids = new Float64Array(capacity);
  const startedAt = new Float64Array(capacity);
  const startedEpoch = new Float64Array(capacity);
  const ttfb = new Float64Array(capacity);
  const duration = new Float64Array(capacity);
  const status = new Int16Array(capacity);
  const state = new Uint8Array(capacity);
  const forwardedFlag = new Uint8Array(capacity);
  const methods = new Array<string>(capacity).fill('');
  const urls = new Array<string>(capacity).fill('');
  // The response of a request in flight (its head's time is read from it), null once it ended.
  const responses = new Array<ServerResponse | null>(capacity).fill(null);
  // The auth layer's decision for an allowed or excluded request (shared with its cache); a
  // refusal's subject and verdict are written out at once instead, as its decision holds the
  // token it refused, which no record keeps.
  const decisions = new Array<AuthDecision | undefined>(capacity).fill(undefined);
  const refusals = new Array<{ subject: string | null; verdict: RequestVerdict } | null>(capacity).fill(null);
  const runs = new Array<RequestRun | null>(capacity).fill(null);
  let next = 1;
  const listeners = new Set<Listener>();
  const idOfRequest = requestSlot<IncomingMessage, number>('request-log id');

  /** The slot of record `id`, if the ring still holds it. */
  const slotOf = (id: number): number | null => {
    const slot = id % capacity;
    return ids[slot] === id ? slot : null;
  };
  const recordAt = (slot: number): RequestRecord => {
    const res = responses[slot];
    let headMs = ttfb[slot]!;
    if (Number.isNaN(headMs) && res) {
      const at = headWrittenAt(res);
      if (at !== null) headMs = round(at - startedAt[slot]!);
    }
    const decision = decisions[slot];
    const refusal = refusals[slot];
    return {
      id: ids[slot]!,
      started_at: new Date(startedEpoch[slot]!).toISOString(),
      method: methods[slot]!,
      url: urls[slot]!,
      subject: refusal ? refusal.subject : decision && decision.outcome !== 'excluded' ? (decision.state?.user_id ?? null) : null,
      verdict: refusal ? refusal.verdict : decision ? verdictOf(decision) : null,
      status: status[slot]! < 0 ? null : status[slot]!,
      ttfb_ms: Number.isNaN(headMs) ? null : headMs,
      duration_ms: Number.isNaN(duration[slot]!) ? null : duration[slot]!,
      forwarded: forwardedFlag[slot] === 1,
      run: runs[slot]!,
      state: STATES[state[slot]!]!,
    };
  };
  const emit = (slot: number) => {
    if (listeners.size === 0) return;
    const r = recordAt(slot);
    for (const l of listeners) l(r);
  };

  /** The answer ended (or the client left): the record completes. `this` is the response. */
  function completeOnClose(this: ServerResponse): void {
    const req = this.req;
    const id = idOfRequest.get(req);
    if (id === undefined) return;
    idOfRequest.delete(req);
    const slot = slotOf(id);
    // A request that outlived `capacity` newer ones has left the ring.
    if (slot === null) return;
    const headAt = headWrittenAt(this);
    if (headAt !== null) ttfb[slot] = round(headAt - startedAt[slot]!);
    responses[slot] = null;
    duration[slot] = round(performance.now() - startedAt[slot]!);
    status[slot] = this.headersSent ? this.statusCode : -1;
    state[slot] = this.writableFinished ? 1 : 2;
    const decision = decisionOf(req.headers);
    if (decision?.outcome === 'deny') refusals[slot] = { subject: decision.state?.user_id ?? null, verdict: verdictOf(decision) };
    else decisions[slot] = decision;
    emit(slot);
  }

  return {
    /** Starts the record of one request; it completes itself when the answer ends. */
    observe(req: IncomingMessage, res: ServerResponse): void {
      const url = req.url ?? '/';
      if (/^\/(desk|ui)(\/|\?|$)/i.test(url)) return;
      const id = next++;
      const slot = id % capacity;
      ids[slot] = id;
      startedAt[slot] = performance.now();
      startedEpoch[slot] = Date.now();
      ttfb[slot] = NaN;
      duration[slot] = NaN;
      status[slot] = -1;
      state[slot] = 0;
      forwardedFlag[slot] = 0;
      methods[slot] = req.method ?? 'GET';
      urls[slot] = redact(url);
      responses[slot] = res;
      decisions[slot] = undefined;
      refusals[slot] = null;
      runs[slot] = null;
      idOfRequest.set(req, id);
      // One listener shared by every response (it finds the record by the id on the request),
      // rather than a closure and its context made per request.
      res.on('close', completeOnClose);
      emit(slot);
    },

    /** Marks the request as answered by the upstream. */
    forwarded(req: IncomingMessage): void {
      const id = idOfRequest.get(req);
      const slot = id === undefined ? null : slotOf(id);
      if (slot !== null) forwardedFlag[slot] = 1;
    },

    /** Names the run a forwarded request produced (from its first event or its JSON answer). */
    producedRun(req: IncomingMessage, run: RequestRun): void {
      const id = idOfRequest.get(req);
      const slot = id === undefined ? null : slotOf(id);
      if (slot === null) return;
      runs[slot] = run;
      emit(slot);
    },

    idOf(req: IncomingMessage): number | null {
      return idOfRequest.get(req) ?? null;
    },

    /** Records newer than `after` (all held when omitted), oldest first. */
    list(after = 0): RequestRecord[] {
      const out: RequestRecord[] = [];
      for (let id = Math.max(after + 1, next - capacity); id < next; id++) {
        const slot = slotOf(id);
        if (slot !== null) out.push(recordAt(slot));
      }
      return out;
    },

    get(id: number): RequestRecord | null {
      const slot = Number.isInteger(id) && id > 0 ? slotOf(id) : null;
      return slot === null ? null : recordAt(slot);
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
