import { locationQuery } from '../../lib/location';
import type { DbLocation, SessionType } from '../../api-types/shapes';

/** Addresses of the observability pages, carrying the database like every run-browser link. */
export function traceHref(traceId: string, l: DbLocation, spanId?: string): string {
  return `/traces/${encodeURIComponent(traceId)}${locationQuery(l, spanId ? { span: spanId } : undefined)}`;
}

export function tracesHref(l: DbLocation, filters?: Record<string, string>): string {
  return `/traces${locationQuery(l, filters)}`;
}

/** The session type a trace's run lives in, from which component ran it. */
export function sessionTypeOf(t: { team_id?: string | null; workflow_id?: string | null; agent_id?: string | null }): SessionType | undefined {
  if (t.workflow_id) return 'workflow';
  if (t.team_id) return 'team';
  if (t.agent_id) return 'agent';
  return undefined;
}

/** Two traces side by side. */
export function compareHref(a: string, b: string, l: DbLocation): string {
  return `/traces/compare${locationQuery(l, { a, b })}`;
}

/** The Traces page with `traceId` already ticked for Compare: the reader ticks the trace to put beside it. */
export function compareWithHref(traceId: string, l: DbLocation): string {
  return tracesHref(l, { compare: traceId });
}
