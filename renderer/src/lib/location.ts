import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DbLocation, SessionType } from '../api-types/shapes';
import { SESSION_TYPES } from '../api-types/shapes';

/**
 * The database/table a run-browser page reads comes from its URL (`?db=&table=`), so every
 * session and run has a shareable address and back/forward restore it. The last one used is
 * remembered for links that do not carry it (the "Runs" nav item).
 */
let lastLocation: DbLocation = {};

export function useDbLocation(): DbLocation {
  const [params] = useSearchParams();
  const db = params.get('db') || undefined;
  const table = (db && params.get('table')) || undefined;
  return useMemo(() => {
    lastLocation = { db, table };
    return { db, table };
  }, [db, table]);
}

export function rememberedLocation(): DbLocation {
  return lastLocation;
}

export function parseSessionType(v: string | null): SessionType | undefined {
  return SESSION_TYPES.includes(v as SessionType) ? (v as SessionType) : undefined;
}

/** `?type=&db=&table=` for session and run links. */
export function locationQuery(params: { type?: SessionType | undefined } & DbLocation, extra?: Record<string, string>): string {
  const q = new URLSearchParams();
  if (params.type) q.set('type', params.type);
  if (params.db) q.set('db', params.db);
  if (params.db && params.table) q.set('table', params.table);
  if (extra) for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function sessionsHref(l: DbLocation = lastLocation): string {
  return `/sessions${locationQuery(l)}`;
}

export function sessionHref(sessionId: string, type: SessionType | undefined, l: DbLocation): string {
  return `/sessions/${encodeURIComponent(sessionId)}${locationQuery({ type, ...l })}`;
}

export function runHref(sessionId: string, runId: string, type: SessionType | undefined, l: DbLocation, tab?: string, extra?: Record<string, string>): string {
  return `/sessions/${encodeURIComponent(sessionId)}/runs/${encodeURIComponent(runId)}${locationQuery({ type, ...l }, { ...(tab ? { tab } : {}), ...extra })}`;
}
