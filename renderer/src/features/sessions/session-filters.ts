import type { SessionType } from '../../api-types/shapes';
import { parseSessionType } from '../../lib/location';

export const PAGE_SIZES = [20, 50, 100];
const DEFAULT_LIMIT = 20;

/** The list shows sessions, or runs found by their content (`/search/runs`). */
export type ListView = 'sessions' | 'runs';

/** The sessions list's filters, kept in the URL so a link or Back restores them. */
export interface SessionFilters {
  view: ListView;
  type: SessionType | undefined;
  /** A substring of the user id (any letter case). */
  user: string;
  q: string;
  /** Column sorted by; '' = the default (newest first). */
  sort: string;
  order: 'asc' | 'desc';
  /** Runs view only: status, tool and model filters, failed runs only. */
  status: string;
  tool: string;
  model: string;
  errors: boolean;
  page: number;
  limit: number;
}

export function readFilters(params: URLSearchParams): SessionFilters {
  return {
    view: params.get('view') === 'runs' ? 'runs' : 'sessions',
    type: parseSessionType(params.get('type')),
    user: params.get('user') ?? '',
    q: params.get('q') ?? '',
    sort: params.get('sort') ?? '',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    status: params.get('status') ?? '',
    tool: params.get('tool') ?? '',
    model: params.get('model') ?? '',
    errors: params.get('errors') === '1',
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
  // Each view sorts by its own columns.
  if ('view' in patch && patch.view !== current.view) merged.sort = '';
  const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
  set('view', merged.view === 'runs' ? 'runs' : undefined);
  set('type', merged.type);
  set('user', merged.user);
  set('q', merged.q);
  set('sort', merged.sort);
  set('order', merged.sort && merged.order === 'asc' ? 'asc' : undefined);
  set('status', merged.status);
  set('tool', merged.tool);
  set('model', merged.model);
  set('errors', merged.errors ? '1' : undefined);
  set('page', merged.page > 1 ? String(merged.page) : undefined);
  set('limit', merged.limit !== DEFAULT_LIMIT ? String(merged.limit) : undefined);
  return next;
}

/** The next sort when a column header is pressed: that column descending, then ascending, then the default. */
export function nextSort(current: SessionFilters, column: string): Pick<SessionFilters, 'sort' | 'order'> {
  if (current.sort !== column) return { sort: column, order: 'desc' };
  return current.order === 'desc' ? { sort: column, order: 'asc' } : { sort: '', order: 'desc' };
}
