/**
 * The db_id the desk derives from a file name when none is given (`agents.db` → `agents`),
 * shown as the id field's placeholder. The desk also makes it unique (`agents-2`).
 */
export function idFromPath(path: string): string {
  const file = path.trim().split(/[\\/]/).pop() ?? '';
  if (!file) return '';
  const stem = file.replace(/\.(sqlite3?|db3?)$/i, '');
  const base = stem.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 56);
  if (base === '') return 'db';
  return base.toLowerCase() === 'default' ? 'default-db' : base;
}
