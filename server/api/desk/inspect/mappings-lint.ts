import { checkedScope, compileExcludedPaths, findExcludedPath, matchRoute, parseRoutePattern, patternResource, platformShadow, type RoutePattern } from '../../../auth/index.js';
import type { MatchedMapping } from '../../../auth/types.js';
import { scopeTypoOf } from './scope-typos.js';

/** A route the server serves, as an OpenAPI path template: `GET /sessions/{session_id}`. */
export interface ServedRoute {
  method: string;
  path: string;
}

export interface MappingLint {
  unmapped_routes: { method: string; path: string; message: string }[];
  unmatched_mappings: { pattern: string; scopes: string[]; message: string }[];
  /** Custom rules the platform's first-match order would not apply where rundesk does. */
  platform_shadowed: { pattern: string; scopes: string[]; shadowed_by: string | null; message: string }[];
  /** Scopes of custom mappings that look like a typo of a scope the routes require. */
  unknown_scopes: { pattern: string; scope: string; suggestion: string; message: string }[];
  /** Scopes of custom mappings the platform's scope check reads otherwise than as written. */
  platform_scope_notes: { pattern: string; scope: string; message: string }[];
}

/** Served routes from the route objects (`{ method: 'get', path }`), as the lint compares them. */
export function servedRoutesOf(routes: ReadonlyArray<{ method: string; path: string }>): ServedRoute[] {
  return routes.map((r) => ({ method: r.method.toUpperCase(), path: r.path }));
}

/** `/sessions/{session_id}` → `/sessions/example-id`: a concrete path the template serves. */
function samplePath(template: string): string {
  return template.replace(/\{[^/}]+\}/g, 'example-id');
}

/** The route template as a one-segment-per-parameter regular expression. */
function templateRegex(template: string): RegExp {
  const parts = template.split(/\{[^/}]+\}/).map((p) => p.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`, 'i');
}

/** The pattern with every wildcard replaced by a sample value. */
function patternSample(pattern: RoutePattern): string {
  return pattern.tokens.map((t) => (t.kind === 'literal' ? t.value : 'example-id')).join('');
}

/**
 * Whether a mapping pattern could match some request to a route template: the pattern
 * matches the template's sample path, or the template (whose parameters are up to the
 * caller) matches the pattern's sample (`GET /agents/my-agent` against `/agents/{agent_id}`).
 */
function couldMatch(pattern: RoutePattern, route: ServedRoute): boolean {
  if (pattern.method !== '*' && pattern.method !== route.method) return false;
  return matchRoute(pattern, route.method, samplePath(route.path)) || templateRegex(route.path).test(patternSample(pattern));
}

/**
 * Finds routes the server serves that no mapping covers (any authenticated caller may use
 * them once authorization is on), custom mappings that match no route the server serves
 * (a typo such as `GET /session/*`, or a route of the production service only), and custom
 * mappings the platform's first-match order would shadow with an earlier rule.
 *
 * @example
 * lintMappings(servedRoutesOf(PLATFORM_ROUTES), status.mappings, settings.auth.scope_mappings, settings.auth.excluded_route_paths)
 */
export function lintMappings(
  served: readonly ServedRoute[],
  effective: readonly Pick<MatchedMapping, 'pattern' | 'scopes' | 'source'>[],
  custom: Readonly<Record<string, readonly string[]>> | null,
  excludedRoutePaths: readonly string[],
  /** Scopes that are known without a default mapping asking for them (the admin scope). */
  extraKnownScopes: readonly string[] = [],
): MappingLint {
  const excluded = compileExcludedPaths(excludedRoutePaths).paths;
  const patterns = effective.flatMap((m) => {
    const parsed = parseRoutePattern(m.pattern);
    return parsed.ok ? [parsed.value] : [];
  });
  const unmapped_routes = served
    .filter((r) => findExcludedPath(excluded, samplePath(r.path)) === null)
    .filter((r) => !patterns.some((p) => matchRoute(p, r.method, samplePath(r.path))))
    .map((r) => ({
      method: r.method,
      path: r.path,
      message: `no scope mapping covers ${r.method} ${r.path}: any authenticated caller may use it; add one to scope_mappings`,
    }));
  const unmatched_mappings: MappingLint['unmatched_mappings'] = [];
  for (const [key, scopes] of Object.entries(custom ?? {})) {
    const parsed = parseRoutePattern(key);
    if (!parsed.ok) {
      unmatched_mappings.push({ pattern: key, scopes: [...scopes], message: `is not a valid pattern: ${parsed.message}` });
      continue;
    }
    if (!served.some((r) => couldMatch(parsed.value, r))) {
      unmatched_mappings.push({
        pattern: key,
        scopes: [...scopes],
        message: `matches no route this server serves; check the method and the path${nearbyRoutes(parsed.value, served)}`,
      });
    }
  }
  const customKeys = Object.keys(custom ?? {});
  const platform_shadowed: MappingLint['platform_shadowed'] = [];
  for (const [key, scopes] of Object.entries(custom ?? {})) {
    if (!parseRoutePattern(key).ok) continue;
    const shadow = platformShadow(customKeys, key);
    if (shadow) platform_shadowed.push({ pattern: key, scopes: [...scopes], shadowed_by: shadow.shadowedBy, message: shadow.message });
  }
  const known = new Set([...effective.filter((m) => m.source === 'default').flatMap((m) => m.scopes), ...extraKnownScopes]);
  const unknown_scopes: MappingLint['unknown_scopes'] = [];
  for (const [key, scopes] of Object.entries(custom ?? {})) {
    for (const scope of scopes) {
      const suggestion = scopeTypoOf(scope, known);
      if (suggestion === null) continue;
      unknown_scopes.push({
        pattern: key,
        scope,
        suggestion,
        message: `asks for unknown scope "${scope}" (did you mean "${suggestion}"?): tokens carrying ${suggestion} are refused here`,
      });
    }
  }
  return { unmapped_routes, unmatched_mappings, platform_shadowed, unknown_scopes, platform_scope_notes: platformScopeNotes(custom) };
}

/**
 * Custom mapping scopes that the platform's scope check reads otherwise than a reader of the
 * settings would: names it cannot read at all, per-resource scopes where no path id exists, and
 * two-part scopes on agent, team or workflow paths (read as that family's scope for the id).
 */
export function platformScopeNotes(custom: Readonly<Record<string, readonly string[]>> | null): MappingLint['platform_scope_notes'] {
  const out: MappingLint['platform_scope_notes'] = [];
  for (const [key, scopes] of Object.entries(custom ?? {})) {
    const parsed = parseRoutePattern(key);
    if (!parsed.ok) continue;
    const at = patternResource(parsed.value.text);
    const namesId = at !== null && (at.id !== null || at.anyId);
    for (const scope of scopes) {
      const read = checkedScope(scope);
      let message: string | null = null;
      if (read === null) {
        message = `asks for "${scope}", which the platform's scope check cannot read (only resource:action or resource:<id>:action): no token but the admin scope passes this rule, there and here`;
      } else if (read.id !== null && read.id !== '*' && !namesId) {
        message = `asks for "${scope}", a scope for one resource id, but the platform reads ids only from /agents, /teams and /workflows paths: no token but the admin scope passes this rule; use "${read.resource}:${read.action}" or "${read.resource}:*:${read.action}"`;
      } else if (at !== null && namesId && read.id === null && scope.split(':').length === 2 && read.resource !== at.family) {
        message = `asks for "${scope}", which on ${at.family} paths the platform reads as "${at.family}:<id>:${read.action}" (or "${at.family}:${read.action}", "${at.family}:*:${read.action}"): tokens holding "${scope}" are refused there and here`;
      }
      if (message !== null) out.push({ pattern: key, scope, message });
    }
  }
  return out;
}

/** `(served GET routes include /sessions, /sessions/{session_id})`: the same method's routes, closest first by their first segment. */
function nearbyRoutes(pattern: RoutePattern, served: readonly ServedRoute[]): string {
  const sameMethod = served.filter((r) => pattern.method === '*' || r.method === pattern.method);
  if (sameMethod.length === 0) return '';
  const first = (patternSample(pattern).split('/')[1] ?? '').toLowerCase();
  const closeness = (route: ServedRoute) => {
    const segment = route.path.split('/')[1] ?? '';
    let n = 0;
    while (n < first.length && first[n] === segment[n]) n++;
    return n;
  };
  const ranked = [...sameMethod].sort((a, b) => closeness(b) - closeness(a));
  const shown = [...new Set(ranked.map((r) => r.path))].slice(0, 4);
  return ` (served ${pattern.method === '*' ? '' : `${pattern.method} `}routes include ${shown.join(', ')})`;
}
