import { tokenizePattern, tokensToRegex, type PatternToken } from './route-pattern.js';
import type { MappingTable, ScopeMapping } from './scope-mappings.js';

/**
 * The platform's default mapping keys (AgentOS 2.9 `get_default_scope_mappings`), in the
 * order its table lists them. Only the order and the keys matter here: the platform tries
 * the exact key, then walks this table — with custom keys replacing a default in place and
 * new ones appended — and takes the first fnmatch hit. rundesk decides by precedence
 * instead (custom before default, most specific first); this module says where the two
 * would pick different rules, for the inspector, the route matrix and the mapping lint.
 */
export const PLATFORM_DEFAULT_MAPPING_KEYS: readonly string[] = Object.freeze([
  'GET /config',
  'GET /models',
  'GET /agents',
  'GET /agents/*',
  'POST /agents',
  'PATCH /agents/*',
  'DELETE /agents/*',
  'POST /agents/*/runs',
  'POST /agents/*/runs/*/continue',
  'POST /agents/*/runs/*/cancel',
  'GET /teams',
  'GET /teams/*',
  'POST /teams',
  'PATCH /teams/*',
  'DELETE /teams/*',
  'POST /teams/*/runs',
  'POST /teams/*/runs/*/continue',
  'POST /teams/*/runs/*/cancel',
  'GET /workflows',
  'GET /workflows/*',
  'POST /workflows',
  'PATCH /workflows/*',
  'DELETE /workflows/*',
  'POST /workflows/*/runs',
  'POST /workflows/*/runs/*/continue',
  'POST /workflows/*/runs/*/cancel',
  'GET /sessions',
  'GET /sessions/*',
  'POST /sessions',
  'POST /sessions/*/rename',
  'PATCH /sessions/*',
  'DELETE /sessions',
  'DELETE /sessions/*',
  'GET /memories',
  'GET /memories/*',
  'GET /memory_topics',
  'GET /user_memory_stats',
  'POST /memories',
  'PATCH /memories/*',
  'DELETE /memories',
  'DELETE /memories/*',
  'POST /optimize-memories',
  'GET /knowledge/content',
  'GET /knowledge/content/*',
  'GET /knowledge/config',
  'POST /knowledge/content',
  'PATCH /knowledge/content/*',
  'POST /knowledge/search',
  'DELETE /knowledge/content',
  'DELETE /knowledge/content/*',
  'GET /metrics',
  'POST /metrics/refresh',
  'GET /eval-runs',
  'GET /eval-runs/*',
  'POST /eval-runs',
  'PATCH /eval-runs/*',
  'DELETE /eval-runs',
  'GET /traces',
  'GET /traces/*',
  'GET /trace_session_stats',
]);

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

/**
 * One line when the platform would decide a request by another rule than rundesk, where a
 * custom rule is involved on either side; `null` when both agree or only defaults are in play.
 *
 * @example
 * divergenceNote(table, 'GET', '/sessions/s/runs/r');
 * // 'on the platform, `GET /sessions/*` is matched first here; `GET /sessions/*\/runs/*` does not decide this request there'
 */
export function divergenceNote(table: MappingTable, chosen: ScopeMapping | null, method: string, path: string): string | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const picked = platformPick(platformOrder(table.customKeys), m, path);
  const customPicked = picked !== null && table.customKeys.includes(picked);
  if (chosen?.source !== 'custom' && !customPicked) return null;
  if (picked === chosen?.written) return null;
  const ours = chosen ? `\`${chosen.written}\`` : 'no mapping';
  if (picked === null) return `on the platform, no mapping matches here; rundesk decides by ${ours}`;
  return `on the platform, \`${picked}\` is matched first here; ${chosen ? `${ours} does not decide this request there` : 'rundesk finds no mapping here'}`;
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
    return { shadowedBy: null, message: 'the platform compares methods exactly and has no `*` method; this rule never applies there' };
  }
  const sample = sampleFrom(tokenizePattern(self.path, false));
  const picked = platformPick(order, self.method, sample);
  if (picked === written) return null;
  if (picked === null) return { shadowedBy: null, message: `on the platform this rule does not match \`${self.method} ${sample}\` (its \`{param}\` and letter case are matched differently)` };
  const earlier = order.findIndex((k) => k.written === picked) < order.findIndex((k) => k.written === written);
  const shadow = compileKey(picked);
  const covers = earlier && shadow.regex !== null && shadow.regex.test(self.path);
  return {
    shadowedBy: picked,
    message: covers
      ? `on the platform, \`${picked}\` is matched first here; this rule never applies there`
      : `on the platform, \`${picked}\` is matched first for \`${self.method} ${sample}\`; this rule does not decide it there`,
  };
}
