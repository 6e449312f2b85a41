/**
 * The run search's query language (docs/api.md, "GET /search/runs"): words and "quoted phrases" that must
 * all occur in a run (any letter case), `-word` for one that must not, and qualifiers that
 * filter on the run's facets — `status:error`, `tool:get_weather`, `model:gpt`, `user:ali`,
 * `in:output`, `is:error`. An unknown qualifier is plain text, so `http://x` or `a:b` are
 * searched as written.
 */

export const SEARCH_FIELDS = ['input', 'output', 'messages', 'tools'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface RunSearchQuery {
  /** Lowercased; each must occur somewhere in the run (in `fields` when given). */
  readonly terms: readonly string[];
  /** Lowercased; none may occur anywhere in the run. */
  readonly excluded: readonly string[];
  /** Lowercased; the run's status equals one of them. */
  readonly status: readonly string[];
  /** Lowercased; each is a substring of a tool the run called. */
  readonly tools: readonly string[];
  /** Lowercased; one is a substring of the run's model. */
  readonly models: readonly string[];
  /** Lowercased; one is a substring of the run's user id. */
  readonly users: readonly string[];
  /** Where the terms are looked for; empty = everywhere. */
  readonly fields: readonly SearchField[];
  /** Only runs that failed: status ERROR or a tool call that errored. */
  readonly errorsOnly: boolean;
}

export const EMPTY_QUERY: RunSearchQuery = { terms: [], excluded: [], status: [], tools: [], models: [], users: [], fields: [], errorsOnly: false };

const LIST_QUALIFIERS = { status: 'status', tool: 'tools', model: 'models', user: 'users' } as const;
type ListQualifier = keyof typeof LIST_QUALIFIERS;

interface Token {
  negated: boolean;
  /** The qualifier as typed (`tool`), when the token was `key:value`. */
  key: string | null;
  value: string;
}

/** Splits on whitespace outside double quotes; an unclosed quote runs to the end. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
  const readQuoted = (): string => {
    // text[i] is the opening quote.
    const end = text.indexOf('"', i + 1);
    const value = text.slice(i + 1, end < 0 ? n : end);
    i = end < 0 ? n : end + 1;
    return value;
  };
  while (i < n) {
    while (i < n && isSpace(text[i])) i++;
    if (i >= n) break;
    let negated = false;
    if (text[i] === '-' && i + 1 < n && !isSpace(text[i + 1])) {
      negated = true;
      i++;
    }
    if (text[i] === '"') {
      out.push({ negated, key: null, value: readQuoted() });
      continue;
    }
    const start = i;
    while (i < n && !isSpace(text[i]) && text[i] !== '"') i++;
    const word = text.slice(start, i);
    const colon = word.indexOf(':');
    if (colon > 0 && colon === word.length - 1 && text[i] === '"') {
      out.push({ negated, key: word.slice(0, colon), value: readQuoted() });
      continue;
    }
    if (colon > 0 && colon < word.length - 1) out.push({ negated, key: word.slice(0, colon), value: word.slice(colon + 1) });
    else out.push({ negated, key: null, value: word });
  }
  return out;
}

function isField(value: string): value is SearchField {
  return (SEARCH_FIELDS as readonly string[]).includes(value);
}

/** Never throws: whatever is typed is a query. */
export function parseSearchQuery(text: string): RunSearchQuery {
  const q = { terms: [] as string[], excluded: [] as string[], status: [] as string[], tools: [] as string[], models: [] as string[], users: [] as string[], fields: [] as SearchField[], errorsOnly: false };
  for (const token of tokenize(text)) {
    const key = token.key?.toLowerCase() ?? null;
    const value = token.value.trim().toLowerCase();
    if (value === '') continue;
    if (key !== null && !token.negated) {
      if (key in LIST_QUALIFIERS) {
        pushOnce(q[LIST_QUALIFIERS[key as ListQualifier]], value);
        continue;
      }
      if (key === 'in' && isField(value)) {
        pushOnce(q.fields, value);
        continue;
      }
      if (key === 'is' && value === 'error') {
        q.errorsOnly = true;
        continue;
      }
    }
    const literal = token.key === null ? value : `${token.key}:${token.value}`.trim().toLowerCase();
    pushOnce(token.negated ? q.excluded : q.terms, literal);
  }
  return q;
}

function pushOnce<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

/** The query written back as text that parses to it (the UI shows it; the round trip is tested). */
export function formatSearchQuery(q: RunSearchQuery): string {
  const quote = (v: string) => (/[\s"]/.test(v) || v.startsWith('-') || /^[^:]+:/.test(v) ? `"${v}"` : v);
  const qualified = (key: string, v: string) => `${key}:${/[\s"]/.test(v) ? `"${v}"` : v}`;
  return [
    ...q.terms.map(quote),
    ...q.excluded.map((v) => `-${quote(v)}`),
    ...q.status.map((v) => qualified('status', v)),
    ...q.tools.map((v) => qualified('tool', v)),
    ...q.models.map((v) => qualified('model', v)),
    ...q.users.map((v) => qualified('user', v)),
    ...q.fields.map((v) => `in:${v}`),
    ...(q.errorsOnly ? ['is:error'] : []),
  ].join(' ');
}

/** Two queries in one: the typed text and the separate filter parameters (each list merged). */
export function mergeQueries(a: RunSearchQuery, b: Partial<RunSearchQuery>): RunSearchQuery {
  const merge = <T>(x: readonly T[], y: readonly T[] | undefined) => [...new Set([...x, ...(y ?? [])])];
  return {
    terms: merge(a.terms, b.terms),
    excluded: merge(a.excluded, b.excluded),
    status: merge(a.status, b.status),
    tools: merge(a.tools, b.tools),
    models: merge(a.models, b.models),
    users: merge(a.users, b.users),
    fields: merge(a.fields, b.fields),
    errorsOnly: a.errorsOnly || (b.errorsOnly ?? false),
  };
}
