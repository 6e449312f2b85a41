import type { DatabaseListItem } from '../types';

/** A db_id suggestion from a file path: `~/agents/My Agents.db` → `my-agents`. */
export function idFromPath(path: string): string {
  const base = path.trim().split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(db|sqlite3?|sqlite)$/i, '');
  const id = stem
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
  return id === 'default' ? 'default-1' : id;
}

/** Session tables of a listed database, whichever name the desk uses for them. */
export function tablesOf(db: DatabaseListItem): string[] {
  const raw = db as unknown as { session_tables?: unknown; tables?: unknown; sessionTables?: unknown };
  const list = raw.session_tables ?? raw.tables ?? raw.sessionTables;
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}
