import type { FieldIssue } from '../errors.js';
import { DEFAULT_SCOPE_MAPPINGS } from './default-scope-mappings.js';
import { compareSpecificity, matchRoute, parseRoutePattern, pathSegments, type RoutePattern } from './route-pattern.js';
import { parseScope } from './scopes.js';

/** One row of the effective mapping table: defaults plus `scope_mappings`. */
export interface ScopeMapping {
  pattern: RoutePattern;
  /** Any one of these suffices; empty = no scope needed. */
  scopes: string[];
  source: 'default' | 'custom';
}

export interface MappingTable {
  /** Most specific first (`compareSpecificity`), so the first match wins. */
  readonly entries: readonly ScopeMapping[];
}

/**
 * Merges the defaults with custom mappings. A custom key equal to a default one (after
 * normalization: method upper-cased, literals lower-cased, trailing slash dropped) replaces
 * it. Invalid keys are reported as issues naming the key, never silently skipped.
 *
 * @example
 * const { table, issues } = buildMappingTable({ 'GET /sessions/*\/runs/*': ['runs:read'] });
 */
export function buildMappingTable(
  custom: Readonly<Record<string, readonly string[]>> | null | undefined,
  defaults: Readonly<Record<string, readonly string[]>> = DEFAULT_SCOPE_MAPPINGS,
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
    byKey.set(parsed.value.key, { pattern: parsed.value, scopes: [...scopes], source });
  };
  for (const [key, scopes] of Object.entries(defaults)) add(key, scopes, 'default');
  for (const [key, scopes] of Object.entries(custom ?? {})) add(key, scopes, 'custom');
  const entries = [...byKey.values()].sort((a, b) => compareSpecificity(a.pattern, b.pattern));
  return { table: { entries }, issues };
}

/**
 * The most specific mapping for a request line, or `null` when the route is unmapped.
 * `HEAD` falls back to the `GET` mapping, since Express answers HEAD with GET handlers.
 */
export function findMapping(table: MappingTable, method: string, path: string): ScopeMapping | null {
  const m = method.toUpperCase();
  const hit = table.entries.find((e) => matchRoute(e.pattern, m, path));
  if (hit || m !== 'HEAD') return hit ?? null;
  return table.entries.find((e) => matchRoute(e.pattern, 'GET', path)) ?? null;
}

/**
 * Index of the path segment holding the id a per-resource scope refers to: the `*` right
 * after the literal segment named like the scope's resource (`agents` in
 * `/agents/*\/runs`), or `null` when the pattern names no such id.
 */
export function resourceIdIndex(pattern: RoutePattern, resource: string): number | null {
  const r = resource.toLowerCase();
  for (let i = 0; i + 1 < pattern.segments.length; i++) {
    const seg = pattern.segments[i];
    if (seg?.kind === 'literal' && seg.value === r && pattern.segments[i + 1]?.kind === 'star') return i + 1;
  }
  return null;
}

/** A listing route is the bare collection path named like the scope's resource: `GET /agents`. */
export function isListingRoute(pattern: RoutePattern, resource: string): boolean {
  const only = pattern.segments.length === 1 ? pattern.segments[0] : undefined;
  return pattern.method === 'GET' && only?.kind === 'literal' && only.value === resource.toLowerCase();
}

/**
 * The resource id a request is about, for a required scope: `/agents/a%201` → `a 1`
 * (decoded, as Express decodes route params). `null` when the route names no id.
 */
export function resourceIdFor(mapping: ScopeMapping, requiredScope: string, path: string | null): string | null {
  if (path === null) return null;
  const parsed = parseScope(requiredScope);
  if (!parsed) return null;
  const index = resourceIdIndex(mapping.pattern, parsed.resource);
  if (index === null) return null;
  const raw = pathSegments(path)[index];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
