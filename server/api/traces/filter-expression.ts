import { BadRequestError } from '../../errors.js';
import { parseIsoToMicros, toIsoDateTime } from '../../agno-format/dates.js';
import { TRACE_FILTER_COLUMNS, type ComparisonOp, type FilterScalar, type TraceColumn, type TraceFilter } from '../../db/traces/filter.js';
import { pyStr } from './python-text.js';

export { TRACE_FILTER_COLUMNS, type ComparisonOp, type FilterScalar, type TraceColumn, type TraceFilter };

/**
 * The platform's filter-expression DSL for trace search (`POST /traces/search`'s `filter`):
 * `{op, key, value}` comparisons, `{op: "IN", key, values}`, and `AND`/`OR` over `conditions`,
 * `NOT` over `condition`, nested at most 10 deep. Parsed once into a typed tree the stores
 * compile to SQL with bound values; column names come from a fixed set, never from the text.
 */

/** Columns holding ISO date-times in UTC: filter values on them are normalised to UTC first. */
const DATETIME_COLUMNS: ReadonlySet<TraceColumn> = new Set(['start_time', 'end_time', 'created_at']);

export const MAX_FILTER_DEPTH = 10;

const COMPARISONS: ReadonlySet<string> = new Set(['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE']);

/** Why a filter expression was refused: a 400 `Invalid filter expression: …`, as the platform answers. */
export class FilterExpressionError extends BadRequestError {
  constructor(reason: string) {
    super(`Invalid filter expression: ${reason}`);
  }
}

/**
 * Parses a `filter` body value.
 *
 * Beyond the platform: an unknown field, an empty `AND`/`OR`, a `null` value and a value that is
 * not a JSON scalar are refused with a 400 here; the platform accepts their structure and then
 * answers an empty page (its database layer fails and the error is swallowed).
 *
 * @example
 * parseTraceFilter({ op: 'AND', conditions: [{ op: 'EQ', key: 'status', value: 'OK' }, { op: 'CONTAINS', key: 'user_id', value: 'Ad' }] });
 */
export function parseTraceFilter(input: unknown, depth = 0): TraceFilter {
  if (depth > MAX_FILTER_DEPTH) throw new FilterExpressionError(`Filter expression exceeds maximum nesting depth of ${MAX_FILTER_DEPTH}`);
  if (!isObject(input) || !('op' in input)) {
    throw new FilterExpressionError(`Invalid filter dictionary: must contain 'op' key. Got: ${show(input)}`);
  }
  const op = input.op;
  if (typeof op === 'string' && (COMPARISONS.has(op) || op === 'CONTAINS' || op === 'STARTSWITH')) {
    if (!('key' in input) || !('value' in input)) throw new FilterExpressionError(`${op} filter requires 'key' and 'value' fields. Got: ${show(input)}`);
    const column = columnOf(input.key, op);
    const value = scalarOf(input.value, op, column);
    if (op === 'CONTAINS' || op === 'STARTSWITH') return { op, column, text: pyStr(value).toLowerCase() };
    return { op: op as ComparisonOp, column, value: DATETIME_COLUMNS.has(column) ? asUtcIso(value) : value };
  }
  if (op === 'IN') {
    if (!('key' in input) || !('values' in input)) throw new FilterExpressionError(`IN filter requires 'key' and 'values' fields. Got: ${show(input)}`);
    const column = columnOf(input.key, op);
    if (!Array.isArray(input.values)) throw new FilterExpressionError(`IN filter's 'values' must be a list. Got: ${show(input.values)}`);
    const values = input.values.map((v: unknown) => {
      if (v === null) return null;
      const scalar = scalarOf(v, op, column);
      return DATETIME_COLUMNS.has(column) ? asUtcIso(scalar) : scalar;
    });
    return { op, column, values };
  }
  if (op === 'AND' || op === 'OR') {
    if (!('conditions' in input)) throw new FilterExpressionError(`${op} filter requires 'conditions' field. Got: ${show(input)}`);
    if (!Array.isArray(input.conditions)) throw new FilterExpressionError(`${op} filter's 'conditions' must be a list. Got: ${show(input.conditions)}`);
    const conditions = input.conditions.map((c: unknown) => parseTraceFilter(c, depth + 1));
    if (conditions.length === 0) throw new FilterExpressionError(`${op} filter requires at least one condition`);
    return { op, conditions };
  }
  if (op === 'NOT') {
    if (!('condition' in input)) throw new FilterExpressionError(`NOT filter requires 'condition' field. Got: ${show(input)}`);
    return { op, condition: parseTraceFilter(input.condition, depth + 1) };
  }
  throw new FilterExpressionError(`Unknown filter operator: ${typeof op === 'string' ? op : show(op)}`);
}

function columnOf(key: unknown, op: string): TraceColumn {
  if (key === null || key === undefined) throw new FilterExpressionError(`${op} filter requires 'key' and 'value' fields`);
  if (typeof key !== 'string' || !(TRACE_FILTER_COLUMNS as readonly string[]).includes(key)) {
    throw new FilterExpressionError(`Invalid filter field: ${show(key)}. Allowed: ${[...TRACE_FILTER_COLUMNS].sort().join(', ')}`);
  }
  return key as TraceColumn;
}

function scalarOf(value: unknown, op: string, column: TraceColumn): FilterScalar {
  if (value === null || value === undefined) throw new FilterExpressionError(`${op} filter on ${column} requires a value (got null)`);
  if (column === 'duration_ms' && op !== 'CONTAINS' && op !== 'STARTSWITH') {
    // A number column: PostgreSQL refuses to compare it with text, so only numbers pass.
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
    throw new FilterExpressionError(`${op} filter on duration_ms: the value must be a number. Got: ${show(value)}`);
  }
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw new FilterExpressionError(`${op} filter on ${column}: the value must be a string, number or boolean. Got: ${show(value)}`);
}

/**
 * A date-time value as the platform compares it: parsed as ISO 8601 (naive = UTC), converted to
 * UTC and written as Python's `isoformat()` (`2026-04-04T10:00:00+00:00`), since the columns hold
 * such text and compare as text. A value that does not parse is compared as given.
 */
export function asUtcIso<T extends FilterScalar>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const micros = parseIsoToMicros(value);
  if (micros === null) return value;
  return pythonUtcIsoformat(micros);
}

/** Python's `isoformat()` of a UTC datetime: six fraction digits only when there is a fraction. */
export function pythonUtcIsoformat(micros: bigint): string {
  const pydantic = toIsoDateTime(Number(micros / 1_000_000n)) ?? '';
  const fraction = micros % 1_000_000n;
  const base = pydantic.replace(/Z$/, '');
  return fraction === 0n ? `${base}+00:00` : `${base}.${String(fraction).padStart(6, '0')}+00:00`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
