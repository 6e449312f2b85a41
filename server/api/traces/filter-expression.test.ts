import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterExpressionError, parseTraceFilter } from './filter-expression.js';

describe('the trace filter expression', () => {
  it('When an expression nests AND, OR, NOT and IN, Then it parses into the tree the stores compile', () => {
    expect(
      parseTraceFilter({
        op: 'AND',
        conditions: [
          { op: 'EQ', key: 'status', value: 'OK' },
          { op: 'OR', conditions: [{ op: 'CONTAINS', key: 'user_id', value: 'ADa' }, { op: 'IN', key: 'agent_id', values: ['a', null] }] },
          { op: 'NOT', condition: { op: 'GT', key: 'duration_ms', value: '1500' } },
        ],
      }),
    ).toEqual({
      op: 'AND',
      conditions: [
        { op: 'EQ', column: 'status', value: 'OK' },
        { op: 'OR', conditions: [{ op: 'CONTAINS', column: 'user_id', text: 'ada' }, { op: 'IN', column: 'agent_id', values: ['a', null] }] },
        { op: 'NOT', condition: { op: 'GT', column: 'duration_ms', value: 1500 } },
      ],
    });
  });

  it('When a date-time value has an offset or none, Then it compares as UTC isoformat text', () => {
    expect(parseTraceFilter({ op: 'LT', key: 'start_time', value: '2026-04-04T12:00:00+02:00' })).toEqual({ op: 'LT', column: 'start_time', value: '2026-04-04T10:00:00+00:00' });
    expect(parseTraceFilter({ op: 'GTE', key: 'created_at', value: '2026-04-04T10:18:25.183147Z' })).toMatchObject({ value: '2026-04-04T10:18:25.183147+00:00' });
    expect(parseTraceFilter({ op: 'GTE', key: 'created_at', value: 'soon' })).toMatchObject({ value: 'soon' });
  });

  it.each([
    [{ op: 'LIKE', key: 'name', value: 'x' }, 'Unknown filter operator: LIKE'],
    [{ key: 'name', value: 'x' }, "must contain 'op' key"],
    [{ op: 'EQ', key: 'name' }, "EQ filter requires 'key' and 'value' fields"],
    [{ op: 'IN', key: 'name', value: 'x' }, "IN filter requires 'key' and 'values' fields"],
    [{ op: 'NOT' }, "NOT filter requires 'condition' field"],
    [{ op: 'EQ', key: 'colour', value: 'red' }, "Invalid filter field: \"colour\""],
    [{ op: 'AND', conditions: [] }, 'AND filter requires at least one condition'],
    [{ op: 'EQ', key: 'user_id', value: null }, 'requires a value'],
    [{ op: 'EQ', key: 'user_id', value: { $ne: 1 } }, 'must be a string, number or boolean'],
    [{ op: 'GT', key: 'duration_ms', value: 'long' }, 'must be a number'],
  ])('When the expression is %j, Then it is refused: %s', (input, reason) => {
    expect(() => parseTraceFilter(input)).toThrow(FilterExpressionError);
    expect(() => parseTraceFilter(input)).toThrow(reason);
  });

  it('When NOTs nest deeper than 10 levels, Then it is refused; at 10 it parses', () => {
    const nest = (depth: number): unknown => (depth === 0 ? { op: 'EQ', key: 'status', value: 'OK' } : { op: 'NOT', condition: nest(depth - 1) });
    expect(() => parseTraceFilter(nest(10))).not.toThrow();
    expect(() => parseTraceFilter(nest(11))).toThrow('maximum nesting depth of 10');
  });

  it('When any JSON is given, Then it parses or is refused with a 400, never anything else', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        try {
          parseTraceFilter(value);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterExpressionError);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
