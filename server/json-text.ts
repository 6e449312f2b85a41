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
  const text = JSON.stringify(value);
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
