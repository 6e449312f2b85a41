import { randomBytes } from 'node:crypto';

/**
 * JSON text of a value as `JSON.stringify` writes it, except that a negative zero keeps its
 * sign: it is written `-0.0`, as Python's `json.dumps(-0.0)` writes it (and `json.loads` reads
 * back as -0.0), where `JSON.stringify(-0)` writes `0`. Agno's runs hold such floats (a metric
 * delta, a rounded score), and an answer or a stored value must not lose them.
 *
 * @example
 * jsonText({ delta: -0, n: 0 }) // '{"delta":-0.0,"n":0}'
 */
export function jsonText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    // V8's JSON.stringify recurses: a value nested some thousands of levels deep (a trace's
    // span chain) overflows its stack. Such a value is written by an explicit stack instead.
    if (error instanceof RangeError) return deepJsonText(value);
    throw error;
  }
  // The common case pays one walk without building anything.
  if (text === undefined || !holdsNegativeZero(value, 0)) return text;
  return JSON.stringify(value, (_key, v: unknown) => (v === 0 && Object.is(v, -0) ? NEGATIVE_ZERO_MARK : v)).replaceAll(
    QUOTED_MARK,
    '-0.0',
  );
}

// Random per process, so no string a client sends can be mistaken for the mark.
const NEGATIVE_ZERO_MARK = `\u0000-0:${randomBytes(12).toString('hex')}`;
const QUOTED_MARK = JSON.stringify(NEGATIVE_ZERO_MARK);
const MAX_DEPTH = 1_000;

function holdsNegativeZero(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return value === 0 && Object.is(value, -0);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  // Values with toJSON (Dates, Buffers) serialize to what they choose, never to -0.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNegativeZero(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && holdsNegativeZero((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * `jsonText` without recursion: the same text (`JSON.stringify`'s, a negative zero as `-0.0`)
 * for a value of any depth, built with an explicit stack. Slower, so only the fallback.
 */
export function deepJsonText(value: unknown): string {
  // One growing string (V8 joins pieces as a rope): far less garbage than an array of pieces.
  let out = '';
  /** A container being written: its entries (`null` keys in an array) and how far along. */
  interface Frame {
    self: object;
    close: string;
    entries: Array<[string | null, unknown]>;
    at: number;
    wrote: boolean;
  }
  const stack: Frame[] = [];
  const open = new Set<object>();
  /** Writes a scalar, or opens a container; `false` for what JSON leaves out (undefined, functions, symbols). */
  const write = (raw: unknown, key: string): boolean => {
    let item = raw;
    if (item !== null && typeof item === 'object' && typeof (item as { toJSON?: unknown }).toJSON === 'function') {
      item = (item as { toJSON(key: string): unknown }).toJSON(key);
    }
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return false;
    if (typeof item === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    if (typeof item === 'number') out += item === 0 && Object.is(item, -0) ? '-0.0' : Number.isFinite(item) ? String(item) : 'null';
    else if (item === null || typeof item !== 'object') out += JSON.stringify(item);
    else {
      if (open.has(item)) throw new TypeError('Converting circular structure to JSON');
      open.add(item);
      const array = Array.isArray(item);
      const entries: Array<[string | null, unknown]> = array
        ? (item as unknown[]).map((x): [null, unknown] => [null, x])
        : Object.keys(item).map((k): [string, unknown] => [k, (item as Record<string, unknown>)[k]]);
      out += array ? '[' : '{';
      stack.push({ self: item, close: array ? ']' : '}', entries, at: 0, wrote: false });
    }
    return true;
  };
  if (!write(value, '')) return undefined as unknown as string;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.at >= frame.entries.length) {
      out += frame.close;
      open.delete(frame.self);
      stack.pop();
      continue;
    }
    const index = frame.at++;
    const [key, item] = frame.entries[index] as [string | null, unknown];
    const mark = out.length;
    const wroteBefore = frame.wrote;
    if (frame.wrote) out += ',';
    if (key !== null) out += `${JSON.stringify(key)}:`;
    frame.wrote = true;
    if (write(item, key ?? String(index))) continue;
    // Left out: an object drops the member, an array writes null in its place.
    if (key === null) out += 'null';
    else {
      out = out.slice(0, mark);
      frame.wrote = wroteBefore;
    }
  }
  return out;
}
