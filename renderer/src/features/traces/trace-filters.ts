import type { TraceListParams } from '../../api/observability/calls';
import type { TraceSummary } from '../../lib/trace/types';

/**
 * The traces list's filters and sort, kept in the URL. All of them go to `GET /traces`, so they
 * apply to every trace, not just the page shown: status, user, session, component and time range
 * as the platform takes them; duration bounds and the sort through rundesk's extension of it.
 */
export type TraceSortKey = 'start' | 'duration' | 'spans' | 'errors';
export type ComponentKind = 'agent' | 'team' | 'workflow';

export interface TraceFilters {
  status: string;
  user: string;
  session: string;
  componentKind: ComponentKind;
  component: string;
  /** `datetime-local` values (local time), empty when open. */
  from: string;
  to: string;
  /** Seconds, empty when open. */
  minSeconds: string;
  maxSeconds: string;
  sort: TraceSortKey;
  desc: boolean;
  page: number;
}

const SORTS: readonly TraceSortKey[] = ['start', 'duration', 'spans', 'errors'];
const KINDS: readonly ComponentKind[] = ['agent', 'team', 'workflow'];
export const TRACE_PAGE_SIZE = 100;

export function readTraceFilters(p: URLSearchParams): TraceFilters {
  const sort = p.get('sort') as TraceSortKey;
  const kind = p.get('kind') as ComponentKind;
  return {
    status: p.get('status') ?? '',
    user: p.get('user') ?? '',
    session: p.get('session') ?? '',
    componentKind: KINDS.includes(kind) ? kind : 'agent',
    component: p.get('component') ?? '',
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    minSeconds: p.get('min_s') ?? '',
    maxSeconds: p.get('max_s') ?? '',
    sort: SORTS.includes(sort) ? sort : 'start',
    desc: p.get('order') !== 'asc',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

export function writeTraceFilters(params: URLSearchParams, current: TraceFilters, patch: Partial<TraceFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const m = { ...current, ...patch };
  if (!('page' in patch)) m.page = 1;
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  set('status', m.status);
  set('user', m.user);
  set('session', m.session);
  set('kind', m.component && m.componentKind !== 'agent' ? m.componentKind : undefined);
  set('component', m.component);
  set('from', m.from);
  set('to', m.to);
  set('min_s', m.minSeconds);
  set('max_s', m.maxSeconds);
  set('sort', m.sort !== 'start' ? m.sort : undefined);
  set('order', m.desc ? undefined : 'asc');
  set('page', m.page > 1 ? String(m.page) : undefined);
  return next;
}

/** A `datetime-local` value as ISO 8601 (it is local time), or undefined. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const t = new Date(local).getTime();
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

const SORT_COLUMN = { start: 'start_time', duration: 'duration_ms', spans: 'total_spans', errors: 'error_count' } as const;

/** Seconds as typed, in milliseconds; undefined when empty or not a number. */
function msOf(seconds: string): number | undefined {
  if (seconds.trim() === '') return undefined;
  const n = Number(seconds);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : undefined;
}

export function traceListParams(f: TraceFilters): TraceListParams {
  return {
    status: f.status || undefined,
    user_id: f.user || undefined,
    session_id: f.session || undefined,
    [`${f.componentKind}_id`]: f.component || undefined,
    start_time: isoOf(f.from),
    end_time: isoOf(f.to),
    min_duration_ms: msOf(f.minSeconds),
    max_duration_ms: msOf(f.maxSeconds),
    sort_by: SORT_COLUMN[f.sort],
    sort_order: f.desc ? 'desc' : 'asc',
    page: f.page,
    limit: TRACE_PAGE_SIZE,
  };
}

export const traceMs = (t: Pick<TraceSummary, 'start_time' | 'end_time'>) => Math.max(0, Date.parse(t.end_time) - Date.parse(t.start_time));
