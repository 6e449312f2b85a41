import { PYTHON_JSON_MAX_DEPTH } from './json-depth.js';
import { pythonJsonLoads } from './python-json.js';

/**
 * Where each run lies in a stored Agno 2 `runs` value, found by one pass over its bytes, so one
 * run is read by parsing only its own text (issue 21: a first read costs in proportion to the
 * run, not its session).
 *
 * The value is either the double-encoded text Agno writes (a JSON string literal whose content
 * is the array document) or the array document itself. The pass runs the
 * array's lexer over the characters the string literal encodes while remembering, for each
 * top-level element, the byte range of its encoded text. An object element starts at `{` and
 * ends at `}`, which are never escaped inside a JSON string, so its range in the stored bytes
 * is itself a complete string-literal content: `JSON.parse('"' + slice + '"')` gives the run's
 * JSON text exactly as decoding the whole value would.
 */

export interface RunsIndex {
  readonly doubleEncoded: boolean;
  /** Top-level elements, non-objects included (they still make a session non-empty). */
  readonly count: number;
  /** Byte ranges of the object elements in stored order: start, end, start, end, … */
  readonly spans: Float64Array;
  /** First object element with each string `run_id` → its position in `spans` (pairs). */
  readonly byId: ReadonlyMap<string, number>;
  /** Each object element's string `run_id` in stored order, `null` when it has none or it is `null`. */
  readonly ids: readonly (string | null)[];
  /** Some object element's `run_id` is neither a string nor absent/null (`ids` cannot tell it apart). */
  readonly otherIds: boolean;
  /** Approximate heap bytes of this index. */
  readonly bytes: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09 };
const RUN_ID_KEY = Buffer.from('run_id');

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The index of a stored `runs` value, or `null` when it is not an array (either encoding) or
 * not well formed as far as the pass can tell — the caller then decodes the whole value, which
 * decides what such a value means.
 */
export function indexRunsValue(raw: Buffer): RunsIndex | null {
  let i = 0;
  const n = raw.length;
  while (i < n && isSpace(raw[i] as number)) i++;
  const doubleEncoded = raw[i] === QUOTE;
  if (doubleEncoded) {
    i++;
    // A quote the array's strings end with, written as \u0022 in the outer literal, would be
    // missed by the quote search below: leave such a value to a whole decode.
    if (raw.indexOf('u0022', i) >= 0) return null;
  }
  const spans: number[] = [];
  const byId = new Map<string, number>();
  const ids: (string | null)[] = [];
  let otherIds = false;
  let awaitingValue = false;
  let idBytes = 0;
  let count = 0;
  let depth = 0;
  let elementOpen = false;
  let elementStart = 0;
  let elementIsObject = false;
  let expectKey = false;
  let lastKeyIsRunId = false;
  let elementId: string | null = null;
  let done = false;

  while (i < n) {
    // One character of the array document, and the bytes [i, next) that encode it.
    let c = raw[i] as number;
    let next = i + 1;
    if (doubleEncoded) {
      if (c === QUOTE) break;
      if (c < 0x20) return null;
      if (c === BACKSLASH) {
        const e = raw[i + 1];
        if (e === 0x75) {
          c = Number.parseInt(raw.toString('latin1', i + 2, i + 6), 16);
          if (Number.isNaN(c)) return null;
          next = i + 6;
        } else {
          const mapped = e === undefined ? undefined : ESCAPES[e];
          if (mapped === undefined) return null;
          c = mapped;
          next = i + 2;
        }
      }
    }
    if (done) {
      if (!isSpace(c)) return null;
      i = next;
      continue;
    }
    if (isSpace(c)) {
      i = next;
      continue;
    }
    if (depth === 0) {
      if (c !== 0x5b) return null;
      depth = 1;
      i = next;
      continue;
    }
    if (depth === 1) {
      if (c === 0x2c) {
        if (!elementOpen) return null;
        elementOpen = false;
        elementIsObject = false;
        i = next;
        continue;
      }
      if (c === 0x5d) {
        depth = 0;
        done = true;
        i = next;
        continue;
      }
      if (!elementOpen) {
        elementOpen = true;
        count += 1;
        elementStart = i;
        elementIsObject = c === 0x7b;
        elementId = null;
        lastKeyIsRunId = false;
        expectKey = elementIsObject;
      }
    }
    if (awaitingValue && depth === 2) {
      awaitingValue = false;
      // `"run_id": null` is no id; a number or an object is one `ids` cannot hold.
      if (lastKeyIsRunId && c !== QUOTE && !(c === 0x6e && raw.toString('latin1', i, i + 4) === 'null')) otherIds = true;
    }
    if (c === QUOTE) {
      const end = doubleEncoded ? innerStringEnd(raw, next) : plainStringEnd(raw, next);
      if (end === null) return null;
      if (depth === 2 && elementIsObject) {
        if (expectKey) {
          lastKeyIsRunId = isRunIdKey(raw, next, end.contentEnd, doubleEncoded);
          if (lastKeyIsRunId) elementId = null;
        } else if (lastKeyIsRunId) {
          const id = decodeString(raw, next, end.contentEnd, doubleEncoded);
          if (id === null) return null;
          elementId = id;
        }
      }
      i = end.next;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth += 1;
      // Deeper than Python's json.loads reads: the whole decode says so (`readRunsColumn`).
      if (depth > PYTHON_JSON_MAX_DEPTH) return null;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
      if (depth < 1) return null;
      if (depth === 1 && elementIsObject) {
        spans.push(elementStart, next);
        ids.push(elementId);
        if (elementId !== null && !byId.has(elementId)) {
          byId.set(elementId, spans.length - 2);
          idBytes += 64 + elementId.length * 2;
        }
        elementIsObject = false;
      }
    } else if (depth === 2 && elementIsObject) {
      if (c === 0x3a) {
        expectKey = false;
        awaitingValue = true;
      }
      else if (c === 0x2c) {
        expectKey = true;
        lastKeyIsRunId = false;
      }
    }
    i = next;
  }
  if (!done) return null;
  if (doubleEncoded) {
    if (raw[i] !== QUOTE) return null;
    i++;
  }
  while (i < n && isSpace(raw[i] as number)) i++;
  if (i !== n) return null;
  const packed = Float64Array.from(spans);
  return { doubleEncoded, count, spans: packed, byId, ids, otherIds, bytes: packed.byteLength + ids.length * 8 + idBytes + 256 };
}

/** The object element at `slot` (a pair position in `spans`), parsed from its bytes alone. */
export function readIndexedRun(raw: Buffer, index: RunsIndex, slot: number): unknown {
  const start = index.spans[slot] as number;
  const end = index.spans[slot + 1] as number;
  const text = raw.toString('utf8', start, end);
  // Python's json (NaN, Infinity), as the whole value is read (codec.ts readRunsColumn).
  return pythonJsonLoads(index.doubleEncoded ? (JSON.parse(`"${text}"`) as string) : text);
}

/** Backslashes right before `at`. */
function backslashesBefore(raw: Buffer, at: number, from: number): number {
  let k = 0;
  while (at - 1 - k >= from && raw[at - 1 - k] === BACKSLASH) k++;
  return k;
}

/** A plain JSON string whose content starts at `from`: where its content ends and what follows its quote. */
function plainStringEnd(raw: Buffer, from: number): { contentEnd: number; next: number } | null {
  let j = from;
  for (;;) {
    const q = raw.indexOf(QUOTE, j);
    if (q < 0) return null;
    if (backslashesBefore(raw, q, from) % 2 === 0) return { contentEnd: q, next: q + 1 };
    j = q + 1;
  }
}

/**
 * A string of the array document inside the outer literal, its content starting at `from`.
 * Inside the literal every quote byte is escaped (`\"`): with k backslashes before it, one
 * escapes it for the literal and the other (k-1)/2 are the document's own backslashes; an even
 * number of those means the document's string ends here. An unescaped quote ends the literal.
 */
function innerStringEnd(raw: Buffer, from: number): { contentEnd: number; next: number } | null {
  let j = from;
  for (;;) {
    const q = raw.indexOf(QUOTE, j);
    if (q < 0) return null;
    const k = backslashesBefore(raw, q, from);
    if (k % 2 === 0) return null;
    if (((k - 1) / 2) % 2 === 0) return { contentEnd: q - 1, next: q + 1 };
    j = q + 1;
  }
}

function isRunIdKey(raw: Buffer, start: number, end: number, doubleEncoded: boolean): boolean {
  if (end - start === RUN_ID_KEY.length) return raw.compare(RUN_ID_KEY, 0, RUN_ID_KEY.length, start, end) === 0;
  // An escaped spelling of the key: decode it to be sure.
  // Searched within the key only: a search from `start` runs on to the next backslash anywhere
  // after it, and a plain (PostgreSQL) array text may hold none, so every key cost the rest of
  // the value (quadratic: 258 s for a 10,000-run value).
  return raw.subarray(start, end).includes(BACKSLASH) && decodeString(raw, start, end, doubleEncoded) === 'run_id';
}

/** A string's value from its content bytes; `null` when they do not decode. */
function decodeString(raw: Buffer, start: number, end: number, doubleEncoded: boolean): string | null {
  try {
    const text = raw.toString('utf8', start, end);
    const inner = doubleEncoded ? (JSON.parse(`"${text}"`) as string) : text;
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
}
