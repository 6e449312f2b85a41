/**
 * Route patterns for scope mappings (`GET /sessions/*`) and excluded paths (`/docs/*`).
 *
 * Semantics (documented for the desk's mapping lint and the README):
 * - `*` is one whole path segment: `/sessions/*` matches `/sessions/s1`, never
 *   `/sessions/s1/runs` and never `/sessions` (an empty segment is not a segment).
 * - `**` as the last segment matches zero or more further segments: `/docs/**` matches
 *   `/docs`, `/docs/a` and `/docs/a/b`. `*` or `**` inside a segment (`/docs*`) is rejected.
 * - Literal segments compare case-insensitively, like Express's default routing, so
 *   `/AGENTS` cannot dodge the mapping for `/agents`.
 * - A trailing slash is ignored on both sides (`/health/` is `/health`).
 * - Paths are matched as received (percent-encoded), as Express matches them.
 */

export type PatternSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'star' }
  | { kind: 'globstar' };

export interface PathPattern {
  /** The normalized pattern: lower-case literals, no trailing slash. Equal texts match equally. */
  text: string;
  segments: PatternSegment[];
}

export interface RoutePattern extends PathPattern {
  /** Upper-case HTTP method, or `*` for any method. */
  method: string;
  /** `"<METHOD> <path>"` as it names the mapping, e.g. `GET /sessions/*`. */
  key: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*']);

/** Splits a request path into segments, dropping trailing slashes. `/` → `[]`. */
export function pathSegments(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

/**
 * Parses the path part of a pattern.
 *
 * @example
 * parsePathPattern('/sessions/*\/runs'); // { ok: true, value: { text, segments: [...] } }
 */
export function parsePathPattern(text: string): ParseResult<PathPattern> {
  if (!text.startsWith('/')) return { ok: false, message: 'must start with "/"' };
  const raw = pathSegments(text);
  const segments: PatternSegment[] = [];
  for (const [i, seg] of raw.entries()) {
    if (seg === '') return { ok: false, message: 'must not contain an empty segment ("//")' };
    if (seg === '*') segments.push({ kind: 'star' });
    else if (seg === '**') {
      if (i !== raw.length - 1) return { ok: false, message: '"**" is allowed only as the last segment' };
      segments.push({ kind: 'globstar' });
    } else if (seg.includes('*')) {
      return { ok: false, message: `"*" must be a whole segment (got "${seg}")` };
    } else segments.push({ kind: 'literal', value: seg.toLowerCase() });
  }
  return { ok: true, value: { text: formatSegments(segments), segments } };
}

/**
 * Parses a scope-mapping key `"<METHOD> <path>"`.
 *
 * @example
 * parseRoutePattern('GET /agents/*'); // method 'GET', segments [agents, *]
 */
export function parseRoutePattern(key: string): ParseResult<RoutePattern> {
  const match = /^(\S+) (\S+)$/.exec(key.trim());
  if (!match) return { ok: false, message: 'must look like "<METHOD> /path", e.g. "GET /sessions/*"' };
  const method = (match[1] as string).toUpperCase();
  if (!METHODS.has(method)) return { ok: false, message: `unknown method "${match[1]}"` };
  const path = parsePathPattern(match[2] as string);
  if (!path.ok) return path;
  return { ok: true, value: { ...path.value, method, key: `${method} ${path.value.text}` } };
}

function formatSegments(segments: readonly PatternSegment[]): string {
  return `/${segments.map((s) => (s.kind === 'literal' ? s.value : s.kind === 'star' ? '*' : '**')).join('/')}`;
}

/** Whether the path's segments fit the pattern's segments. */
export function matchSegments(pattern: readonly PatternSegment[], segments: readonly string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as PatternSegment;
    if (p.kind === 'globstar') return true;
    const s = segments[i];
    if (s === undefined || s === '') return false;
    if (p.kind === 'literal' && p.value !== s.toLowerCase()) return false;
  }
  return segments.length === pattern.length;
}

export function matchPath(pattern: PathPattern, path: string): boolean {
  return matchSegments(pattern.segments, pathSegments(path));
}

/** Whether a route pattern applies to a request line. `*` as the method matches any method. */
export function matchRoute(pattern: RoutePattern, method: string, path: string): boolean {
  return (pattern.method === '*' || pattern.method === method.toUpperCase()) && matchPath(pattern, path);
}

function counts(p: PathPattern): { globstar: number; star: number; literalChars: number } {
  let globstar = 0;
  let star = 0;
  let literalChars = 0;
  for (const s of p.segments) {
    if (s.kind === 'globstar') globstar++;
    else if (s.kind === 'star') star++;
    else literalChars += s.value.length + 1;
  }
  return { globstar, star, literalChars };
}

/**
 * Orders patterns most specific first; a total order, so the winner never depends on the
 * order mappings were written in:
 * 1. without `**` before with `**`;
 * 2. fewer `*` segments (an exact path has none);
 * 3. more segments (`/a/b/**` before `/a/**`);
 * 4. leftmost difference: a literal segment before a `*`;
 * 5. more literal characters;
 * 6. a concrete method before `*`;
 * 7. finally the key text, so two different patterns never tie.
 *
 * @example
 * [a, b].sort(compareSpecificity)[0]; // the pattern that wins when both match
 */
export function compareSpecificity(a: RoutePattern, b: RoutePattern): number {
  const ca = counts(a);
  const cb = counts(b);
  if (ca.globstar !== cb.globstar) return ca.globstar - cb.globstar;
  if (ca.star !== cb.star) return ca.star - cb.star;
  if (a.segments.length !== b.segments.length) return b.segments.length - a.segments.length;
  for (let i = 0; i < a.segments.length; i++) {
    const ka = (a.segments[i] as PatternSegment).kind;
    const kb = (b.segments[i] as PatternSegment).kind;
    if (ka !== kb) return rank(ka) - rank(kb);
  }
  if (ca.literalChars !== cb.literalChars) return cb.literalChars - ca.literalChars;
  if ((a.method === '*') !== (b.method === '*')) return a.method === '*' ? 1 : -1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function rank(kind: PatternSegment['kind']): number {
  return kind === 'literal' ? 0 : kind === 'star' ? 1 : 2;
}
