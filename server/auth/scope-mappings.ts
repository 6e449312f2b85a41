import type { FieldIssue } from '../errors.js';
import type { ScopeTable } from './default-scope-mappings.js';
import { pathSegments } from './path-pattern.js';
import { compareSpecificity, matchRoute, parseRoutePattern, type RoutePattern } from './route-pattern.js';
import { parseScope } from './scopes.js';

/** One row of the effective mapping table: defaults plus `scope_mappings`. */
export interface ScopeMapping {
  pattern: RoutePattern;
  /** The key as written in the settings (or the default table). */
  written: string;
  /** Any one of these suffices; empty = no scope needed. */
  scopes: string[];
  source: 'default' | 'custom';
}

export interface MappingTable {
  /**
   * Custom mappings first, then the defaults; each group most specific first
   * (`compareSpecificity`), so the first match wins.
   */
  readonly entries: readonly ScopeMapping[];
  /** The custom keys as written, in the settings' order (the platform's order matters). */
  readonly customKeys: readonly string[];
}

/**
 * Merges the defaults with custom mappings. Custom mappings always beat the defaults: a
 * request is decided by the most specific matching custom key, and only when none matches
 * by the most specific matching default. A custom key equal to a default one (after
 * normalization: method upper-cased, literals lower-cased, trailing slash dropped) replaces
 * it. Invalid keys are reported as issues naming the key, never silently skipped.
 *
 * @example
 * const { table, issues } = buildMappingTable({ 'GET /sessions/*\/runs/*': ['runs:read'] }, DEFAULT_SCOPE_MAPPINGS);
 */
export function buildMappingTable(
  custom: Readonly<Record<string, readonly string[]>> | null | undefined,
  defaults: ScopeTable,
): { table: MappingTable; issues: FieldIssue[] } {
  const byKey = new Map<string, ScopeMapping>();
  const issues: FieldIssue[] = [];
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
    byKey.set(parsed.value.key, { pattern: parsed.value, written: key, scopes: [...scopes], source });
  };
  for (const [key, scopes] of Object.entries(defaults)) add(key, scopes, 'default');
  for (const [key, scopes] of Object.entries(custom ?? {})) add(key, scopes, 'custom');
  const entries = [...byKey.values()].sort(
    (a, b) => (a.source === b.source ? 0 : a.source === 'custom' ? -1 : 1) || compareSpecificity(a.pattern, b.pattern),
  );
  return { table: { entries, customKeys: Object.keys(custom ?? {}) }, issues };
}

/**
 * The deciding mapping for a request line (first custom, then default; most specific within
 * each), or `null` when the route is unmapped.
 * `HEAD` falls back to the `GET` mapping, since Express answers HEAD with GET handlers.
 */
export function findMapping(table: MappingTable, method: string, path: string): ScopeMapping | null {
  const m = method.toUpperCase();
  const hit = table.entries.find((e) => matchRoute(e.pattern, m, path));
  if (hit || m !== 'HEAD') return hit ?? null;
  return table.entries.find((e) => matchRoute(e.pattern, 'GET', path)) ?? null;
}

/**
 * Families whose listing route filters its answer by `accessible_resource_ids`, as the
 * platform's (`get_resource_context_from_path`): only these get the listing treatment.
 */
export const LISTING_FAMILIES: readonly string[] = ['agents', 'teams', 'workflows'];

/**
 * Whether a pattern's path names one resource of `resource` right after `/<resource>/`
 * (`/agents/{agent_id}`, `/agents/*\/runs`), so a per-resource scope can apply to it.
 */
export function patternNamesResourceId(pattern: RoutePattern, resource: string): boolean {
  const [first, second] = pattern.tokens;
  const prefix = `/${resource.toLowerCase()}/`;
  if (first?.kind !== 'literal' || !first.value.startsWith(prefix)) return false;
  return first.value.length > prefix.length || (second !== undefined && second.kind !== 'literal');
}

/**
 * A listing of a resource family, by the platform's rule: a GET whose path is the bare
 * family (`/agents`, no resource id) and whose required scope is of that same family.
 * `path` null = the route matrix, which judges the pattern itself.
 */
export function isListingRequest(mapping: ScopeMapping, method: string, path: string | null, resource: string): boolean {
  const m = method.toUpperCase();
  if (m !== 'GET' && m !== 'HEAD') return false;
  const family = resource.toLowerCase();
  if (!LISTING_FAMILIES.includes(family)) return false;
  if (path === null) return mapping.pattern.exact && mapping.pattern.text === `/${family}`;
  const segments = pathSegments(path);
  return segments.length === 1 && (segments[0] as string).toLowerCase() === family;
}

/**
 * The resource id a request is about, for a required scope: the path segment after
 * `/<resource>/` when the mapping names one (`/agents/a%201/runs` → `a 1`, decoded as
 * Express decodes route params). `null` when the route names no id.
 */
export function resourceIdFor(mapping: ScopeMapping, requiredScope: string, path: string | null): string | null {
  if (path === null) return null;
  const parsed = parseScope(requiredScope);
  if (!parsed || !patternNamesResourceId(mapping.pattern, parsed.resource)) return null;
  const [first, raw] = pathSegments(path);
  if (first?.toLowerCase() !== parsed.resource.toLowerCase() || raw === undefined || raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
