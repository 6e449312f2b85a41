import { PLATFORM_DEFAULT_MAPPING_KEYS } from './platform-keys.js';
import { tokenizePattern, tokensToRegex, type PatternToken } from './route-pattern.js';
import { findMapping, type MappingTable, type ScopeMapping } from './scope-mappings.js';

export { PLATFORM_DEFAULT_MAPPING_KEYS };


interface PlatformKey {
  written: string;
  method: string;
  path: string;
  regex: RegExp | null;
}

function compileKey(written: string): PlatformKey {
  const space = written.indexOf(' ');
  const method = space === -1 ? written : written.slice(0, space);
  const path = space === -1 ? '' : written.slice(space + 1);
  let regex: RegExp | null = null;
  try {
    regex = tokensToRegex(tokenizePattern(path, false), true);
  } catch {
    regex = null;
  }
  return { written, method, path, regex };
}

/** The platform's merged table: its defaults, custom keys replacing in place or appended. */
export function platformOrder(customKeys: readonly string[]): PlatformKey[] {
  const keys = [...PLATFORM_DEFAULT_MAPPING_KEYS];
  for (const key of customKeys) if (!keys.includes(key)) keys.push(key);
  return keys.map(compileKey);
}

/**
 * The key the platform's first-match lookup picks for a request line, or `null` when none
 * matches there. Its method comparison is exact (no `*` method) and its fnmatch is
 * case-sensitive on the path as received.
 */
export function platformPick(order: readonly PlatformKey[], method: string, path: string): string | null {
  const line = `${method} ${path}`;
  const exact = order.find((k) => k.written === line);
  if (exact) return exact.written;
  return order.find((k) => k.method === method && k.regex !== null && k.regex.test(path))?.written ?? null;
}

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

function sampleFrom(tokens: readonly PatternToken[]): string {
  return tokens
    .map((t) => {
      if (t.kind === 'literal') return t.value;
      if (t.kind === 'any-char') return 'x';
      if (t.kind === 'class') return t.source.startsWith('!') ? '~' : (t.source[0] ?? 'x');
      return 'example-id';
    })
    .join('');
}

/**
 * For one custom rule: the rule the platform matches first where this one should apply, or
 * `null` when the platform would apply it too. "Never applies there" is said only when the
 * earlier rule covers this one's whole pattern.
 */
export function platformShadow(customKeys: readonly string[], written: string): { shadowedBy: string | null; message: string } | null {
  const order = platformOrder(customKeys);
  const self = compileKey(written);
  if (self.method === '*') {
    return { shadowedBy: null, message: 'the platform compares methods exactly and has no `*` method; this rule never decides there' };
  }
  const sample = sampleFrom(tokenizePattern(self.path, false));
  const picked = platformPick(order, self.method, sample);
  if (picked === written) return null;
  if (picked === null) return { shadowedBy: null, message: `on the platform this rule does not match \`${self.method} ${sample}\` (its \`{param}\` and letter case are matched differently)` };
  const earlier = order.findIndex((k) => k.written === picked) < order.findIndex((k) => k.written === written);
  const shadow = compileKey(picked);
  const covers = earlier && shadow.regex !== null && shadow.regex.test(self.path);
  const fix = PLATFORM_DEFAULT_MAPPING_KEYS.includes(picked) ? `; redefine \`${picked}\` to change these requests` : '';
  return {
    shadowedBy: picked,
    message: covers
      ? `on the platform, \`${picked}\` is matched first here; this rule never decides there${fix}`
      : `on the platform, \`${picked}\` is matched first for \`${self.method} ${sample}\`; this rule does not decide it there${fix}`,
  };
}
