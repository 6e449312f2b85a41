/**
 * Scope-mapping keys (`"GET /sessions/*"`), matched as the platform matches them (AgentOS
 * `get_required_scopes_for_route`, Python's `fnmatch`):
 *
 * - `*` matches any characters, `/` included, and the empty string: `GET /sessions/*`
 *   matches `/sessions/s1` and `/sessions/s1/runs/r1` alike.
 * - `?` matches one character; `[abc]`, `[a-z]` and `[!abc]` match one character of (not of)
 *   a set. An unclosed `[` is a literal `[`, as in fnmatch.
 * - `{param}` is one non-empty path segment (rundesk's choice: the platform turns it into
 *   `*`). The default table is written with `{param}` so each default route covers exactly
 *   the requests it did before.
 * - Unlike the platform, letters compare case-insensitively (Express routes `/AGENTS` to the
 *   `/agents` handler, so a mapping must not be dodged by case), and a trailing slash of
 *   the request path is ignored.
 * - Paths are matched as received (percent-encoded), as Express and the platform see them.
 */

export type PatternToken =
  | { kind: 'literal'; value: string }
  | { kind: 'star' }
  | { kind: 'any-char' }
  | { kind: 'class'; source: string }
  | { kind: 'param' };

export interface RoutePattern {
  /** Upper-case HTTP method, or `*` for any method. */
  method: string;
  /** The normalized path: lower-case literals, no trailing slash, `{param}` names kept. */
  text: string;
  /** `"<METHOD> <text>"`, naming the mapping: `GET /sessions/*`. */
  key: string;
  tokens: PatternToken[];
  /** Compiled once; anchored, case-insensitive. */
  regex: RegExp;
  /** No wildcard at all: the platform's "exact match" case. */
  exact: boolean;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*']);

/** Drops the trailing slashes of a request path (`/` stays `/`). */
export function trimTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Tokenizes the path part of a key. `[` opens a class only when a `]` closes it later
 * (with fnmatch's rule that a `]` right after `[` or `[!` is a member).
 */
export function tokenizePattern(path: string, foldCase = true): PatternToken[] {
  const tokens: PatternToken[] = [];
  const pushLiteral = (ch: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'literal') last.value += ch;
    else tokens.push({ kind: 'literal', value: ch });
  };
  let i = 0;
  while (i < path.length) {
    const ch = path[i] as string;
    if (ch === '*') {
      // `**` means the same as `*` in fnmatch; one token keeps specificity honest.
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
      i += 1;
    } else if (ch === '?') {
      tokens.push({ kind: 'any-char' });
      i += 1;
    } else if (ch === '[') {
      let j = i + 1;
      if (path[j] === '!') j += 1;
      if (path[j] === ']') j += 1;
      while (j < path.length && path[j] !== ']') j += 1;
      if (j >= path.length) {
        pushLiteral('[');
        i += 1;
      } else {
        tokens.push({ kind: 'class', source: path.slice(i + 1, j) });
        i = j + 1;
      }
    } else if (ch === '{') {
      const close = path.indexOf('}', i);
      const name = close === -1 ? '' : path.slice(i + 1, close);
      if (close === -1 || name === '' || name.includes('/')) {
        pushLiteral('{');
        i += 1;
      } else {
        tokens.push({ kind: 'param' });
        i = close + 1;
      }
    } else {
      pushLiteral(foldCase ? ch.toLowerCase() : ch);
      i += 1;
    }
  }
  return tokens;
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

function classRegex(source: string): string {
  const negated = source.startsWith('!');
  const body = (negated ? source.slice(1) : source).replace(/\\/g, '\\\\').replace(/\^/g, '\\^').replace(/\[/g, '\\[').replace(/\]/g, '\\]');
  return negated ? `[^${body}]` : `[${body}]`;
}

/**
 * The anchored regular expression of a token list (`s` so `*` crosses newlines too, as
 * fnmatch's does). Case-sensitive: rundesk's patterns are lower-cased when parsed and paths
 * when matched, so a range like `[2-[]` means the same set whatever the letter case (a
 * case-insensitive regex would also let it match the lower-case twins of `A`-`Z`).
 * `platform` compiles it as the platform would: `{param}` as `*`.
 */
export function tokensToRegex(tokens: readonly PatternToken[], platform = false): RegExp {
  const parts = tokens.map((t) => {
    switch (t.kind) {
      case 'literal':
        return escapeRegex(t.value);
      case 'star':
        return '.*';
      case 'any-char':
        return '.';
      case 'class':
        return classRegex(t.source);
      case 'param':
        return platform ? '.*' : '[^/]+';
    }
  });
  return new RegExp(`^${parts.join('')}$`, 's');
}

/**
 * Parses a scope-mapping key `"<METHOD> <path>"`.
 *
 * @example
 * parseRoutePattern('GET /agents/*'); // method 'GET', tokens [literal '/agents/', star]
 */
export function parseRoutePattern(key: string): ParseResult<RoutePattern> {
  const match = /^(\S+) (\S+)$/.exec(key.trim());
  if (!match) return { ok: false, message: 'must look like "<METHOD> /path", e.g. "GET /sessions/*"' };
  const method = (match[1] as string).toUpperCase();
  if (!METHODS.has(method)) return { ok: false, message: `unknown method "${match[1]}"` };
  const rawPath = match[2] as string;
  if (!rawPath.startsWith('/') && !rawPath.startsWith('*')) return { ok: false, message: 'the path must start with "/"' };
  const text = normalizeText(trimTrailingSlash(rawPath));
  const tokens = tokenizePattern(text);
  let regex: RegExp;
  try {
    regex = tokensToRegex(tokens);
  } catch {
    return { ok: false, message: 'has a character class ("[...]") that is not valid' };
  }
  const exact = tokens.every((t) => t.kind === 'literal');
  return { ok: true, value: { method, text, key: `${method} ${text}`, tokens, regex, exact } };
}

/** Lower-cases the literal parts and leaves `{param}` names as written. */
function normalizeText(path: string): string {
  return path.replace(/\{[^}/]*\}|[^{]+|\{/g, (part) => (part.startsWith('{') && part.endsWith('}') ? part : part.toLowerCase()));
}

/** Whether the path (as received, any trailing slash ignored, in any letter case) fits the pattern. */
export function matchPath(pattern: RoutePattern, path: string): boolean {
  return pattern.regex.test(trimTrailingSlash(path).toLowerCase());
}

/** Whether a route pattern applies to a request line. `*` as the method matches any method. */
export function matchRoute(pattern: RoutePattern, method: string, path: string): boolean {
  return (pattern.method === '*' || pattern.method === method.toUpperCase()) && matchPath(pattern, path);
}

function measure(p: RoutePattern): { literalChars: number; stars: number; others: number } {
  let literalChars = 0;
  let stars = 0;
  let others = 0;
  for (const t of p.tokens) {
    if (t.kind === 'literal') literalChars += t.value.length;
    else if (t.kind === 'star') stars += 1;
    else others += 1;
  }
  return { literalChars, stars, others };
}

/**
 * Orders patterns most specific first; a total order, so the winner never depends on the
 * order mappings were written in:
 * 1. exact paths (no wildcard) first, as the platform tries the exact key first;
 * 2. more literal characters (`/sessions/*\/runs/*` before `/sessions/*`);
 * 3. fewer `*` (which cross `/`), then fewer one-character or one-segment wildcards;
 * 4. a concrete method before `*`;
 * 5. finally the key text, so two different patterns never tie.
 *
 * @example
 * [a, b].sort(compareSpecificity)[0]; // the pattern that wins when both match
 */
export function compareSpecificity(a: RoutePattern, b: RoutePattern): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  const ma = measure(a);
  const mb = measure(b);
  if (ma.literalChars !== mb.literalChars) return mb.literalChars - ma.literalChars;
  if (ma.stars !== mb.stars) return ma.stars - mb.stars;
  if (ma.others !== mb.others) return ma.others - mb.others;
  if ((a.method === '*') !== (b.method === '*')) return a.method === '*' ? 1 : -1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
