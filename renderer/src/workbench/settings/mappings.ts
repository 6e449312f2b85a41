/**
 * The scope-mapping editor's rows: `scope_mappings` (an object keyed by `<METHOD> <path>`) as an
 * ordered list the user can edit. Pure, so it is unit-tested directly.
 */

export interface MappingRow {
  /** Stable React key; not part of the settings. */
  id: string;
  method: string;
  path: string;
  scopes: string[];
}

let rowSeq = 0;
export function newRowId(): string {
  rowSeq += 1;
  return `m${rowSeq}`;
}

/** `"GET /sessions/*"` → `{ method: 'GET', path: '/sessions/*' }`; anything else keeps the text in `path`. */
export function parseMappingKey(key: string): { method: string; path: string } {
  const m = /^(\S+)\s+(.*)$/.exec(key.trim());
  if (!m) return { method: 'GET', path: key.trim() };
  return { method: (m[1] ?? '').toUpperCase(), path: (m[2] ?? '').trim() };
}

export function mappingKey(row: Pick<MappingRow, 'method' | 'path'>): string {
  return `${row.method.trim().toUpperCase()} ${row.path.trim()}`;
}

export function rowsFromMappings(mappings: unknown): MappingRow[] {
  if (!mappings || typeof mappings !== 'object') return [];
  return Object.entries(mappings as Record<string, string[]>).map(([key, scopes]) => ({ id: newRowId(), ...parseMappingKey(key), scopes: [...scopes] }));
}

/** No rows → `null` (the default: no custom mappings), so authorization `null` stays automatic. */
export function mappingsFromRows(rows: readonly MappingRow[]): Record<string, string[]> | null {
  if (rows.length === 0) return null;
  const out: Record<string, string[]> = {};
  for (const r of rows) out[mappingKey(r)] = [...r.scopes];
  return out;
}

/** Which default entries a custom row replaces (same `<METHOD> <path>`). */
export function overriddenDefaults(rows: readonly MappingRow[], defaults: Record<string, readonly string[]>): Set<string> {
  const keys = new Set(rows.map(mappingKey));
  return new Set(Object.keys(defaults).filter((k) => keys.has(k)));
}

/**
 * Rows that say the same `<METHOD> <path>` as an earlier row, keyed by row id. The only check
 * made here: two rows with one key become one key of the settings object, so the server could
 * never see (or name) the duplicate. Everything else about a row is the server's dry run's to say.
 */
export function duplicateRows(rows: readonly MappingRow[]): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  for (const r of rows) {
    const key = mappingKey(r);
    if (seen.has(key)) out.set(r.id, `duplicate of another row (${key})`);
    else seen.add(key);
  }
  return out;
}

/** Every scope named by the defaults, the custom rows and the admin scope (for pickers). */
export function knownScopes(defaults: Record<string, readonly string[]>, custom: Record<string, string[]> | null, admin: string): string[] {
  const set = new Set<string>();
  for (const list of Object.values(defaults)) for (const s of list) set.add(s);
  for (const list of Object.values(custom ?? {})) for (const s of list) set.add(s);
  if (admin) set.add(admin);
  return [...set].sort((a, b) => (a === admin ? -1 : b === admin ? 1 : a.localeCompare(b)));
}
