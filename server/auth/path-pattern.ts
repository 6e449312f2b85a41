/**
 * Path patterns for `excluded_route_paths` (`/docs/*`): a segment-based matcher.
 *
 * - `*` is one whole path segment: `/sessions/*` matches `/sessions/s1`, never
 *   `/sessions/s1/runs` and never `/sessions` (an empty segment is not a segment).
 * - `**` as the last segment matches zero or more further segments: `/docs/**` matches
 *   `/docs`, `/docs/a` and `/docs/a/b`. `*` or `**` inside a segment (`/docs*`) is rejected.
 * - Literal segments compare case-insensitively, like Express's default routing, so
 *   `/AGENTS` cannot dodge an entry for `/agents`.
 * - A trailing slash is ignored on both sides (`/health/` is `/health`).
 * - Paths are matched as received (percent-encoded), as Express matches them.
 *
 * Scope-mapping keys use the platform's fnmatch semantics instead (route-pattern.ts).
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

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

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

