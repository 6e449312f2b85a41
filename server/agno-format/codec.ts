import { pythonJsonDumps, pythonJsonLoads } from './python-json.js';
import { isPlainObject } from './json-values.js';
import { jsonNestingDepth, PYTHON_JSON_MAX_DEPTH, tooDeepReason } from './json-depth.js';

/**
 * Agno's JSON column encoding: a JSON string literal holding the JSON
 * document (`json.dumps` applied twice), Python `None` as the text `null`, and unused columns
 * as SQL NULL. Text is parsed as Python's `json.loads` does, so `NaN`, `Infinity` and
 * `-Infinity` (what `json.dumps` writes for such floats) read as those numbers.
 *
 * Reading the descriptive columns is liberal — singly-encoded JSON (other writers) reads the
 * same, and a value that is not JSON reads as absent. The `runs` column is different: rundesk
 * rewrites it on ingest, so `readRunsColumn` says when it cannot read it instead of guessing.
 */

/** The decoded JSON value of a column, or `null` for SQL NULL, `null` text and non-JSON. */
export function decodeJsonColumn(raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : undefined;
  // A driver that parses JSON columns itself (PostgreSQL's JSONB) hands over the value.
  if (text === undefined) return raw !== null && typeof raw === 'object' ? raw : null;
  const once = parseOrUndefined(text);
  if (typeof once !== 'string') return once ?? null;
  const twice = parseOrUndefined(once);
  // A JSON string whose content is not JSON is a plain string value.
  return twice === undefined ? once : twice;
}

export function decodeObjectColumn(raw: unknown): Record<string, unknown> | null {
  const value = decodeJsonColumn(raw);
  return isPlainObject(value) ? value : null;
}

/**
 * The `runs` column as a list, leniently (empty for anything that is not one). Only for
 * display-only derivations (a session's name in a listing); reads and writes of runs use
 * `readRunsColumn`.
 */
export function decodeRunsColumn(raw: unknown): unknown[] {
  const read = readRunsColumn(raw);
  return read.ok ? read.runs : [];
}

export type RunsColumn = { ok: true; runs: unknown[] } | { ok: false; reason: string };

/**
 * The `runs` column as Agno reads it: SQL NULL and the text `null` are no runs; a JSON list
 * (doubly or singly encoded) is the runs. Anything else — text that is not JSON, or JSON that
 * is not a list — is `ok: false` with the reason, never an empty list: answering "no runs" for
 * it would hide the runs, and a write building on it would delete them.
 */
export function readRunsColumn(raw: unknown): RunsColumn {
  if (raw === null || raw === undefined) return { ok: true, runs: [] };
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : undefined;
  if (text === undefined) return { ok: false, reason: `the runs value is a ${typeof raw}, not JSON text` };
  let value: unknown;
  let document = text;
  try {
    value = pythonJsonLoads(text);
    if (typeof value === 'string') {
      document = value;
      value = pythonJsonLoads(value);
    }
  } catch (error) {
    return { ok: false, reason: `the runs value is not JSON (${(error as Error).message})` };
  }
  const depth = jsonNestingDepth(document);
  if (depth > PYTHON_JSON_MAX_DEPTH) {
    return { ok: false, reason: tooDeepReason(depth) };
  }
  if (value === null) return { ok: true, runs: [] };
  if (Array.isArray(value)) return { ok: true, runs: value };
  return { ok: false, reason: `the runs value is JSON but not a list (${typeof value})` };
}

/** A value as agno stores it in a JSON column: `json.dumps(json.dumps(v))`, `None` as `null`. */
export function encodeAgnoJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return pythonJsonDumps(pythonJsonDumps(value));
}

/**
 * The inner JSON text of a `runs` column (the array document), keeping the stored bytes so an
 * upsert can splice one run in without re-serialising the others.
 */
export function innerRunsText(raw: unknown): string | null {
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : undefined;
  if (text === undefined) return null;
  const once = parseOrUndefined(text);
  if (typeof once === 'string') return Array.isArray(parseOrUndefined(once)) ? once : null;
  return Array.isArray(once) ? text : null;
}

/**
 * `runs` after replacing the element at `index` (or appending when `index` is -1), with
 * Python's `", "` separator. Untouched runs keep their exact text.
 */
export function spliceRunsText(inner: string | null, index: number, runJson: string): string {
  const spans = inner === null ? [] : topLevelArraySpans(inner);
  if (inner === null || spans === null) return `[${runJson}]`;
  if (index >= 0) {
    const span = spans[index];
    if (span === undefined) throw new RangeError(`no run at index ${index}`);
    return inner.slice(0, span.start) + runJson + inner.slice(span.end);
  }
  const last = spans.at(-1);
  if (last === undefined) {
    const open = inner.indexOf('[');
    return inner.slice(0, open + 1) + runJson + inner.slice(open + 1);
  }
  return inner.slice(0, last.end) + ', ' + runJson + inner.slice(last.end);
}

export interface Span {
  start: number;
  end: number;
}

/** Start/end offsets of each element of a JSON array text, or `null` if it is not an array. */
export function topLevelArraySpans(text: string): Span[] | null {
  let i = skipSpace(text, 0);
  if (text[i] !== '[') return null;
  const spans: Span[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let lastEnd = -1;
  for (i = i + 1; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        lastEnd = i + 1;
      }
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 0 && (c === ',' || c === ']')) {
      if (start >= 0) spans.push({ start, end: lastEnd });
      start = -1;
      if (c === ']') return spans;
      continue;
    }
    if (start < 0) start = i;
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    lastEnd = i + 1;
  }
  return null;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

function parseOrUndefined(text: string): unknown {
  try {
    return pythonJsonLoads(text);
  } catch {
    return undefined;
  }
}
