import { findMapping, type MappingTable, type ScopeMapping } from './scope-mappings.js';

/** How a row is named in a note: a default by the platform's own key, as the platform writes it. */
function named(row: ScopeMapping): string {
  return `\`${row.source === 'default' ? row.platformKey : row.written}\``;
}

/**
 * One line when the two matching modes would decide a request by different rules and a custom
 * rule is involved on either side; `null` when both agree or only defaults are in play.
 * With `platform` (what rundesk does by default) it says which custom rule does not decide
 * and the key to redefine instead; with `specific` it says what the platform would pick.
 *
 * @example
 * divergenceNote(table, 'GET', '/sessions/s/runs/r'); // table.matching 'platform'
 * // '`GET /sessions/*\/runs/*` does not decide this request: as on the platform, `GET /sessions/*` is matched first (redefine `GET /sessions/*` to change it); with scope_matching "specific" the custom rule would decide'
 */
export function divergenceNote(table: MappingTable, method: string, path: string): string | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const platform = findMapping(table, m, path, 'platform');
  const specific = findMapping(table, m, path, 'specific');
  if (platform === specific) return null;
  if (platform?.source !== 'custom' && specific?.source !== 'custom') return null;
  if (table.matching === 'platform') {
    const ours = specific ? named(specific) : 'no mapping';
    if (platform === null) return `${ours} does not decide this request: as on the platform, no mapping matches it here`;
    const fix = platform.source === 'default' ? ` (redefine ${named(platform)} to change it)` : '';
    const other = specific ? `with scope_matching "specific", ${ours} would decide` : 'with scope_matching "specific", no mapping would match';
    return `${specific ? `${ours} does not decide this request` : 'no custom rule decides this request'}: as on the platform, ${named(platform)} is matched first${fix}; ${other}`;
  }
  const ours = specific ? named(specific) : 'no mapping';
  if (platform === null) return `on the platform, no mapping matches here; rundesk decides by ${ours}`;
  return `on the platform, ${named(platform)} is matched first here; ${specific ? `${ours} does not decide this request there` : 'rundesk finds no mapping here'}`;
}
