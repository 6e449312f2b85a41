import type { DurationKind, SessionTraceStatsRow, SpanOutline, SpanRow, TraceListRow, TraceRow } from './types.js';

/**
 * Raw trace and span rows (either driver) decoded the way Agno's `Trace.from_dict` /
 * `Span.from_dict` read them: times stay the stored ISO text (a number is taken as nanoseconds,
 * or seconds for `created_at`), `attributes` is a JSON object (anything else reads as `{}`).
 */

type Raw = Record<string, unknown>;

/** The column lists both drivers select, in one place so the row decoders below match them. */
export const TRACE_COLUMNS_SQL = ['trace_id', 'name', 'status', 'start_time', 'end_time', 'duration_ms', 'run_id', 'session_id', 'user_id', 'agent_id', 'team_id', 'workflow_id', 'created_at'];
export const SPAN_COLUMNS_SQL = ['span_id', 'trace_id', 'parent_span_id', 'name', 'span_kind', 'status_code', 'status_message', 'start_time', 'end_time', 'duration_ms', 'attributes', 'created_at'];

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : text(value);
}

/** A stored time: ISO text as is; an epoch number (nanoseconds, or seconds for `created_at`) as ISO text. */
function timeText(value: unknown, unit: 'ns' | 's'): string {
  if (typeof value === 'number' || typeof value === 'bigint') {
    const ms = unit === 'ns' ? Number(value) / 1e6 : Number(value) * 1000;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
  }
  return text(value);
}

function count(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

function duration(value: unknown, kindHint: unknown): { duration_ms: number | null; duration_kind: DurationKind } {
  if (value === null || value === undefined) return { duration_ms: null, duration_kind: 'integer' };
  const n = Number(value);
  const kind: DurationKind = kindHint === 'real' || (kindHint === undefined && !Number.isInteger(n)) ? 'real' : 'integer';
  return { duration_ms: Number.isFinite(n) ? n : null, duration_kind: kind };
}

/** `attributes` as stored: a JSON object column (SQLite text, PostgreSQL JSONB already decoded). */
export function decodeAttributes(value: unknown): Record<string, unknown> {
  let decoded = value;
  if (typeof decoded === 'string') {
    try {
      decoded = JSON.parse(decoded) as unknown;
    } catch {
      return {};
    }
  }
  return decoded !== null && typeof decoded === 'object' && !Array.isArray(decoded) ? (decoded as Record<string, unknown>) : {};
}

export function toTraceRow(raw: Raw): TraceRow {
  return {
    trace_id: text(raw.trace_id),
    name: text(raw.name),
    status: text(raw.status),
    start_time: timeText(raw.start_time, 'ns'),
    end_time: timeText(raw.end_time, 'ns'),
    ...duration(raw.duration_ms, raw.duration_kind),
    run_id: nullableText(raw.run_id),
    session_id: nullableText(raw.session_id),
    user_id: nullableText(raw.user_id),
    agent_id: nullableText(raw.agent_id),
    team_id: nullableText(raw.team_id),
    workflow_id: nullableText(raw.workflow_id),
    created_at: timeText(raw.created_at, 's'),
    total_spans: count(raw.total_spans),
    error_count: count(raw.error_count),
  };
}

export function toTraceListRow(raw: Raw): TraceListRow {
  const root = raw.root_found ? decodeAttributes(raw.root_attributes) : null;
  return { ...toTraceRow(raw), root_input: root === null ? undefined : root['input.value'] };
}

export function toSpanRow(raw: Raw): SpanRow {
  return {
    span_id: text(raw.span_id),
    trace_id: text(raw.trace_id),
    parent_span_id: nullableText(raw.parent_span_id),
    name: text(raw.name),
    span_kind: text(raw.span_kind),
    status_code: text(raw.status_code),
    status_message: nullableText(raw.status_message),
    start_time: timeText(raw.start_time, 'ns'),
    end_time: timeText(raw.end_time, 'ns'),
    ...duration(raw.duration_ms, raw.duration_kind),
    attributes: decodeAttributes(raw.attributes),
    created_at: timeText(raw.created_at, 's'),
  };
}

/** A raw outline row (span_id, parent_span_id, start_time). */
export function toSpanOutline(raw: Raw): SpanOutline {
  return { span_id: text(raw.span_id), parent_span_id: nullableText(raw.parent_span_id), start_time: timeText(raw.start_time, 'ns') };
}

/** A decoded span's outline (a driver that reads whole rows anyway). */
export function outlineOf(span: SpanRow): SpanOutline {
  return { span_id: span.span_id, parent_span_id: span.parent_span_id, start_time: span.start_time };
}

export function toSessionStatsRow(raw: Raw): SessionTraceStatsRow {
  return {
    session_id: text(raw.session_id),
    user_id: nullableText(raw.user_id),
    agent_id: nullableText(raw.agent_id),
    team_id: nullableText(raw.team_id),
    workflow_id: nullableText(raw.workflow_id),
    total_traces: count(raw.total_traces),
    first_trace_at: timeText(raw.first_trace_at, 's'),
    last_trace_at: timeText(raw.last_trace_at, 's'),
  };
}
