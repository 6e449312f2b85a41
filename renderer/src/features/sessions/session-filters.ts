import type { SessionType } from '../../api/types';
import { parseSessionType } from '../../app/location';

export const PAGE_SIZES = [20, 50, 100];
const DEFAULT_LIMIT = 20;

/** The sessions list's filters, kept in the URL so a link or Back restores them. */
export interface SessionFilters {
  type: SessionType | undefined;
  user: string;
  q: string;
  page: number;
  limit: number;
}

export function readFilters(params: URLSearchParams): SessionFilters {
  return {
    type: parseSessionType(params.get('type')),
    user: params.get('user') ?? '',
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : DEFAULT_LIMIT,
  };
}

/** `params` with `patch` applied; defaults are left out of the URL, other parameters kept. */
export function writeFilters(params: URLSearchParams, current: SessionFilters, patch: Partial<SessionFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const merged = { ...current, ...patch };
  // Changing a filter goes back to page 1.
  if (!('page' in patch)) merged.page = 1;
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  set('type', merged.type);
  set('user', merged.user);
  set('q', merged.q);
  set('page', merged.page > 1 ? String(merged.page) : undefined);
  set('limit', merged.limit !== DEFAULT_LIMIT ? String(merged.limit) : undefined);
  return next;
}
