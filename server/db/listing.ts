import { isPlainObject } from '../agno-format/json-values.js';
import type { ComponentSummary, ListSessionsQuery } from './types.js';

/** Pieces of the sessions and components listings that both layouts share. */

export function pageWindow(query: Pick<ListSessionsQuery, 'page' | 'limit'>): { page: number; limit: number; offset: number } {
  const page = Math.max(1, Math.floor(query.page) || 1);
  const limit = Math.max(1, Math.floor(query.limit) || 1);
  return { page, limit, offset: (page - 1) * limit };
}

/** The search term as compared: lowercased (the SQL side uses `rundesk_casefold`). */
export function searchNeedle(search: string | undefined): string | undefined {
  const trimmed = search?.trim();
  return trimmed ? trimmed.toLowerCase() : undefined;
}

/** The listing's substring filters on a listed session, each lowercased, `undefined` = no filter. */
export function matchesNeedles(item: { session_id: string; session_name: string; user_id: string | null }, needles: { needle?: string | undefined; nameNeedle?: string | undefined; userNeedle?: string | undefined }): boolean {
  return (
    (needles.needle === undefined || matchesSearch(needles.needle, item.session_id, item.session_name)) &&
    (needles.nameNeedle === undefined || item.session_name.toLowerCase().includes(needles.nameNeedle)) &&
    (needles.userNeedle === undefined || (item.user_id ?? '').toLowerCase().includes(needles.userNeedle))
  );
}

export function matchesSearch(needle: string, sessionId: string, sessionName: string): boolean {
  return sessionId.toLowerCase().includes(needle) || sessionName.toLowerCase().includes(needle);
}

export interface ComponentRow {
  id: string;
  /** agent_data / team_data / workflow_data, decoded. */
  data: Record<string, unknown> | null;
  /** Epoch seconds of the session's last update. */
  active: number | null;
  runCount: number;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Agno's `Model.to_dict()` in `*_data.model`, as the platform's list items show it. */
function modelOf(data: Record<string, unknown> | null): ComponentSummary['model'] {
  const model = data?.['model'];
  if (!isPlainObject(model)) return null;
  const out = { id: stringOf(model['id']), provider: stringOf(model['provider']), name: stringOf(model['name']) };
  return out.id === null && out.provider === null && out.name === null ? null : out;
}

/**
 * One summary per component id, named (and described, and its model told) after the most
 * recently active session's `*_data` that has a name, newest first.
 */
export function summariseComponents(rows: Iterable<ComponentRow>): ComponentSummary[] {
  const byId = new Map<string, ComponentSummary & { nameAt: number }>();
  for (const row of rows) {
    const name = isPlainObject(row.data) ? stringOf(row.data['name']) : null;
    const active = row.active ?? 0;
    let entry = byId.get(row.id);
    if (!entry) {
      entry = { id: row.id, name: null, description: null, model: null, session_count: 0, run_count: 0, last_active_at: null, nameAt: -Infinity };
      byId.set(row.id, entry);
    }
    entry.session_count += 1;
    entry.run_count += row.runCount;
    if (row.active !== null && (entry.last_active_at === null || row.active > entry.last_active_at)) {
      entry.last_active_at = row.active;
    }
    if (name !== null && active >= entry.nameAt) {
      entry.name = name;
      entry.nameAt = active;
      entry.description = stringOf(row.data?.['description']);
      entry.model = modelOf(row.data);
    } else if (entry.nameAt === -Infinity && entry.model === null) {
      entry.model = modelOf(row.data);
    }
  }
  return [...byId.values()]
    .map(({ nameAt: _nameAt, ...summary }) => summary)
    .sort((a, b) => (b.last_active_at ?? 0) - (a.last_active_at ?? 0) || a.id.localeCompare(b.id));
}
