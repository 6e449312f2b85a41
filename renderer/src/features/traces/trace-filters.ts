import type { TraceListParams } from '../../api/observability/calls';
import type { TraceSummary } from '../../lib/trace/types';

/**
 * The traces list's filters and sort, kept in the URL. Status, user, session, component and
 * time range go to the platform's `GET /traces`; duration bounds and the sort apply to the page
 * it answered (the platform's list filters on neither).
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
  if (!('page' in patch) && !('sort' in patch) && !('desc' in patch)) m.page = 1;
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

export function traceListParams(f: TraceFilters): TraceListParams {
  return {
    status: f.status || undefined,
    user_id: f.user || undefined,
    session_id: f.session || undefined,
    [`${f.componentKind}_id`]: f.component || undefined,
    start_time: isoOf(f.from),
    end_time: isoOf(f.to),
    page: f.page,
    limit: TRACE_PAGE_SIZE,
  };
}

export const traceMs = (t: Pick<TraceSummary, 'start_time' | 'end_time'>) => Math.max(0, Date.parse(t.end_time) - Date.parse(t.start_time));

/** The page's rows within the duration bounds, in the chosen order. */
export function shownTraces(rows: readonly TraceSummary[], f: TraceFilters): TraceSummary[] {
  const min = f.minSeconds === '' ? -Infinity : Number(f.minSeconds) * 1000;
  const max = f.maxSeconds === '' ? Infinity : Number(f.maxSeconds) * 1000;
  const value: Record<TraceSortKey, (t: TraceSummary) => number> = {
    start: (t) => Date.parse(t.start_time),
    duration: traceMs,
    spans: (t) => t.total_spans,
    errors: (t) => t.error_count,
  };
  const by = value[f.sort];
  const dir = f.desc ? -1 : 1;
  return rows
    .filter((t) => {
      const ms = traceMs(t);
      return (Number.isNaN(min) || ms >= min) && (Number.isNaN(max) || ms <= max);
    })
    .sort((a, b) => dir * (by(a) - by(b)) || Date.parse(b.start_time) - Date.parse(a.start_time));
}
