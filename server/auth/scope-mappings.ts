import type { FieldIssue } from '../errors.js';
import type { ScopeTable } from './default-scope-mappings.js';
import { PLATFORM_DEFAULT_MAPPING_KEYS } from './platform-keys.js';
import { platformOrder, platformPick } from './platform-order.js';
import { compareSpecificity, matchRoute, parseRoutePattern, tokensToRegex, trimTrailingSlash, type RoutePattern } from './route-pattern.js';

/**
 * How the deciding rule is chosen when several keys match a request.
 * - `platform` (default): as AgentOS decides — the exact key, then its defaults in its order
 *   (a custom key that redefines a default in that default's place), new custom keys after
 *   them in the settings' order; the first match wins. What production does.
 * - `specific`: custom keys beat the defaults, the most specific matching key first (for a
 *   platform whose middleware is patched to do so).
 */
export type ScopeMatching = 'platform' | 'specific';

/** One row of the effective mapping table: defaults plus `scope_mappings`. */
export interface ScopeMapping {
  pattern: RoutePattern;
  /** The key as written in the settings (or the default table). */
  written: string;
  /** Every one of these is needed (as on the platform); empty = no scope needed. */
  scopes: string[];
  source: 'default' | 'custom';
  /** Place in the platform's lookup order (lower decides first). */
  rank: number;
  /**
   * The `scope_mappings` key that changes this rule on the platform: a default of the
   * platform's table as the platform writes it (`GET /sessions/*` for rundesk's
   * `GET /sessions/{session_id}/runs/{run_id}`), or the key itself.
   */
  platformKey: string;
  /** The path as the platform's fnmatch reads the key (`{param}` as `*`), on folded case. */
  platformRegex: RegExp;
}

export interface MappingTable {
  readonly matching: ScopeMatching;
  /**
   * Custom mappings first, then the defaults; each group most specific first
   * (`compareSpecificity`): the `specific` order.
   */
  readonly entries: readonly ScopeMapping[];
  /** The same rows in the platform's lookup order: the `platform` order. */
  readonly platformEntries: readonly ScopeMapping[];
  /** The custom keys as written, in the settings' order (the platform's order matters). */
  readonly customKeys: readonly string[];
}

/** `{param}` → `example-id`: a request path a default route serves. */
function sampleOf(pattern: RoutePattern): string {
  return pattern.tokens.map((t) => (t.kind === 'literal' ? t.value : 'example-id')).join('');
}

/**
 * Merges the defaults with custom mappings. A custom key equal to a default one (after
 * normalization: method upper-cased, literals lower-cased, trailing slash dropped) replaces
 * it. Both lookup orders are kept (`entries`, `platformEntries`); `matching` says which one
 * decides. In the platform's order a default route sits where the platform's own default
 * that covers it sits (`GET /sessions/{session_id}/runs/{run_id}` at `GET /sessions/*`), a
 * custom key that is one of the platform's defaults takes that place ahead of the routes it
 * covers, other custom keys follow in the settings' order, and rundesk's own routes (that the
 * platform does not have) come last. Invalid keys are reported as issues naming the key,
 * never silently skipped.
 *
 * @example
 * const { table, issues } = buildMappingTable({ 'GET /sessions/*\/runs/*': ['runs:read'] }, DEFAULT_SCOPE_MAPPINGS);
 */
export function buildMappingTable(
  custom: Readonly<Record<string, readonly string[]>> | null | undefined,
  defaults: ScopeTable,
  matching: ScopeMatching = 'platform',
): { table: MappingTable; issues: FieldIssue[] } {
  const byKey = new Map<string, ScopeMapping>();
  const issues: FieldIssue[] = [];
  const platformDefaults = platformOrder([]);
  const customKeys = Object.keys(custom ?? {});
  const appendedAt = PLATFORM_DEFAULT_MAPPING_KEYS.length;
  const rundeskOnlyAt = appendedAt + customKeys.length;
  const add = (key: string, scopes: readonly string[], source: ScopeMapping['source']): void => {
    const parsed = parseRoutePattern(key);
    if (!parsed.ok) {
      issues.push({ path: `auth.scope_mappings.${key}`, message: parsed.message });
      return;
    }
    const spaced = scopes.find((s) => /\s/.test(s));
    if (spaced !== undefined) {
      issues.push({ path: `auth.scope_mappings.${key}`, message: `scope "${spaced}" must not contain whitespace` });
      return;
    }
    let rank: number;
    let platformKey = key;
    if (source === 'custom') {
      const asDefault = PLATFORM_DEFAULT_MAPPING_KEYS.indexOf(key);
      rank = asDefault !== -1 ? asDefault : appendedAt + customKeys.indexOf(key);
    } else {
      const covering = platformPick(platformDefaults, parsed.value.method, sampleOf(parsed.value));
      rank = covering === null ? rundeskOnlyAt : PLATFORM_DEFAULT_MAPPING_KEYS.indexOf(covering);
      if (covering !== null) platformKey = covering;
    }
    const platformRegex = tokensToRegex(parsed.value.tokens, true);
    byKey.set(parsed.value.key, { pattern: parsed.value, written: key, scopes: [...scopes], source, rank, platformKey, platformRegex });
  };
  for (const [key, scopes] of Object.entries(defaults)) add(key, scopes, 'default');
  // A custom key spelled like one of rundesk's defaults but not like the platform's
  // (`GET /sessions/{session_id}/runs/{run_id}`) replaces that default in the `specific`
  // order only: on the platform the covering default (`GET /sessions/*`) still decides first.
  const defaultRows = [...byKey.values()];
  for (const [key, scopes] of Object.entries(custom ?? {})) add(key, scopes, 'custom');
  const rows = [...byKey.values()];
  const customFirst = (a: ScopeMapping, b: ScopeMapping): number => (a.source === b.source ? 0 : a.source === 'custom' ? -1 : 1);
  const entries = [...rows].sort((a, b) => customFirst(a, b) || compareSpecificity(a.pattern, b.pattern));
  const platformEntries = [...new Set([...rows, ...defaultRows])].sort((a, b) => a.rank - b.rank || customFirst(a, b) || compareSpecificity(a.pattern, b.pattern));
  return { table: { matching, entries, platformEntries, customKeys }, issues };
}

/**
 * Whether the platform's lookup applies a row to a request line. A custom key matches as the
 * platform matches it — methods exactly (no `*` method), `{param}` as `*` — with rundesk's
 * letter-case folding kept (Express routes `/AGENTS` to `/agents`). A default row covers its
 * own route only (its place in the order is the platform's covering default).
 */
function platformApplies(row: ScopeMapping, method: string, path: string): boolean {
  if (row.source === 'default') return matchRoute(row.pattern, method, path);
  if (row.pattern.method !== method) return false;
  return row.platformRegex.test(trimTrailingSlash(path).toLowerCase());
}

const PLATFORM_KEY_SET: ReadonlySet<string> = new Set(PLATFORM_DEFAULT_MAPPING_KEYS);

function pick(table: MappingTable, matching: ScopeMatching, method: string, path: string): ScopeMapping | null {
  if (matching === 'specific') return table.entries.find((e) => matchRoute(e.pattern, method, path)) ?? null;
  // The platform tries the request line as a key of its table first, then walks the table.
  // rundesk's own exact defaults (`GET /traces/filter-schema`) are not keys there.
  const exact = table.entries.find(
    (e) => e.pattern.exact && e.pattern.method === method && (e.source === 'custom' || PLATFORM_KEY_SET.has(e.written)) && matchRoute(e.pattern, method, path),
  );
  return exact ?? table.platformEntries.find((e) => platformApplies(e, method, path)) ?? null;
}

/**
 * The deciding mapping for a request line under `matching` (the table's own by default), or
 * `null` when the route is unmapped. `HEAD` falls back to the `GET` mapping, since Express
 * answers HEAD with GET handlers.
 */
export function findMapping(table: MappingTable, method: string, path: string, matching: ScopeMatching = table.matching): ScopeMapping | null {
  const m = method.toUpperCase();
  const hit = pick(table, matching, m, path);
  if (hit || m !== 'HEAD') return hit;
  return pick(table, matching, 'GET', path);
}
