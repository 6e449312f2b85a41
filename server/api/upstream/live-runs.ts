import type { IncomingHttpHeaders } from 'node:http';
import type { ForwardTap } from './forwarder.js';
import type { RequestRun } from './request-log.js';
import { createSseParser } from './sse-parser.js';

/** One event of a live run, as the upstream streamed it (`event` and its JSON data). */
export interface LiveRunEvent {
  index: number;
  event: string;
  data: Record<string, unknown>;
  at: string;
}

/** A run streamed (or answered) through rundesk, while it runs and for a while after. */
export interface LiveRun {
  request_id: number;
  kind: 'agent' | 'team' | 'workflow';
  component_id: string;
  run_id: string | null;
  session_id: string | null;
  status: 'running' | 'completed' | 'error' | 'cancelled' | 'cut';
  started_at: string;
  ended_at: string | null;
  /** Tokens counted so far from the model calls' events (the run's own, members included). */
  tokens: { input: number; output: number; total: number };
  /** The answer's text so far (content events joined; the completed event's content at the end). */
  content: string;
  events: LiveRunEvent[];
  /** Events left out past the per-run bound. */
  dropped_events: number;
}

const MAX_EVENTS = 2000;
const KINDS = { agents: 'agent', teams: 'team', workflows: 'workflow' } as const;

/** `POST /agents/{id}/runs` (or `…/runs/{run_id}/continue`) → the kind and id it runs. */
export function runRequestOf(method: string, path: string): { kind: LiveRun['kind']; componentId: string } | null {
  if (method !== 'POST') return null;
  const m = /^\/(agents|teams|workflows)\/([^/]+)\/runs(?:\/[^/]+\/continue)?\/?$/.exec(path);
  if (!m) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[2] as string);
  } catch {
    return null;
  }
  return { kind: KINDS[m[1] as keyof typeof KINDS], componentId: id };
}

const ENDS: Record<string, LiveRun['status']> = {
  RunCompleted: 'completed',
  TeamRunCompleted: 'completed',
  WorkflowCompleted: 'completed',
  RunError: 'error',
  TeamRunError: 'error',
  WorkflowError: 'error',
  RunCancelled: 'cancelled',
  TeamRunCancelled: 'cancelled',
  WorkflowCancelled: 'cancelled',
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The runs passing through the gateway, read from the bytes as they go to the client (never
 * changing them): each event as it arrives, tokens counted up, the text so far. Holds the
 * newest `capacity` runs; listeners hear every change, so the UI shows a run the moment it starts.
 */
export function createLiveRuns(capacity = 50) {
  const runs = new Map<number, LiveRun>();
  const listeners = new Set<(run: LiveRun, event: LiveRunEvent | null) => void>();
  const emit = (run: LiveRun, event: LiveRunEvent | null) => {
    for (const l of listeners) l(run, event);
  };

  const add = (run: LiveRun, event: string, data: Record<string, unknown>) => {
    const ev: LiveRunEvent = { index: run.events.length + run.dropped_events, event, data, at: new Date().toISOString() };
    if (run.events.length < MAX_EVENTS) run.events.push(ev);
    else run.dropped_events++;
    if (run.run_id === null && typeof data['run_id'] === 'string') {
      run.run_id = data['run_id'];
      run.session_id = typeof data['session_id'] === 'string' ? data['session_id'] : null;
    }
    if (/ModelRequestCompleted$/.test(event)) {
      run.tokens.input += num(data['input_tokens']);
      run.tokens.output += num(data['output_tokens']);
      run.tokens.total += num(data['total_tokens']);
    }
    const nested = num(data['nested_depth']) > 0;
    if (!nested && /^(RunContent|TeamRunContent)$/.test(event) && typeof data['content'] === 'string') {
      run.content += data['content'];
    }
    const end = ENDS[event];
    if (end && !nested && run.status === 'running') {
      run.status = end;
      if (typeof data['content'] === 'string') run.content = data['content'];
    }
    emit(run, ev);
  };

  return {
    /**
     * A tap for one forwarded run request: reads the events (SSE) or the JSON answer, and names
     * the run to `onRun` as soon as it is known.
     */
    tap(requestId: number, what: { kind: LiveRun['kind']; componentId: string }, onRun: (run: RequestRun) => void): ForwardTap {
      const run: LiveRun = {
        request_id: requestId,
        kind: what.kind,
        component_id: what.componentId,
        run_id: null,
        session_id: null,
        status: 'running',
        started_at: new Date().toISOString(),
        ended_at: null,
        tokens: { input: 0, output: 0, total: 0 },
        content: '',
        events: [],
        dropped_events: 0,
      };
      let mode: 'sse' | 'json' | 'other' = 'other';
      const parse = createSseParser();
      let body: Buffer[] = [];
      let bodySize = 0;
      let named = false;
      const name = () => {
        if (named || run.run_id === null) return;
        named = true;
        onRun({ run_id: run.run_id, session_id: run.session_id, kind: run.kind, component_id: run.component_id });
      };
      return {
        response(status: number, headers: IncomingHttpHeaders) {
          const type = String(headers['content-type'] ?? '');
          if (status !== 200) return;
          mode = type.startsWith('text/event-stream') ? 'sse' : type.startsWith('application/json') ? 'json' : 'other';
          if (mode === 'other') return;
          runs.set(requestId, run);
          if (runs.size > capacity) runs.delete(runs.keys().next().value as number);
          emit(run, null);
        },
        chunk(chunk: Buffer) {
          if (mode === 'sse') {
            for (const e of parse(chunk)) {
              let data: unknown;
              try {
                data = JSON.parse(e.data);
              } catch {
                continue;
              }
              if (typeof data === 'object' && data !== null) add(run, e.event, data as Record<string, unknown>);
            }
            name();
          } else if (mode === 'json' && bodySize < 8 * 1024 * 1024) {
            body.push(chunk);
            bodySize += chunk.length;
          }
        },
        done(completed: boolean) {
          if (mode === 'json' && completed) {
            try {
              const answer = JSON.parse(Buffer.concat(body).toString('utf8')) as Record<string, unknown>;
              body = [];
              if (typeof answer['run_id'] === 'string') {
                run.run_id = answer['run_id'];
                run.session_id = typeof answer['session_id'] === 'string' ? answer['session_id'] : null;
              }
              if (typeof answer['content'] === 'string') run.content = answer['content'];
              const metrics = answer['metrics'] as Record<string, unknown> | undefined;
              run.tokens = { input: num(metrics?.['input_tokens']), output: num(metrics?.['output_tokens']), total: num(metrics?.['total_tokens']) };
              run.status = String(answer['status'] ?? 'COMPLETED').toLowerCase() === 'error' ? 'error' : 'completed';
            } catch {
              run.status = 'cut';
            }
            name();
          } else if (run.status === 'running') {
            run.status = completed ? 'completed' : 'cut';
          }
          if (mode === 'other') return;
          run.ended_at = new Date().toISOString();
          emit(run, null);
        },
      };
    },

    list(): LiveRun[] {
      return [...runs.values()].reverse();
    },

    get(requestId: number): LiveRun | null {
      return runs.get(requestId) ?? null;
    },

    subscribe(listener: (run: LiveRun, event: LiveRunEvent | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LiveRuns = ReturnType<typeof createLiveRuns>;
