import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSearchQuery, parseSearchQuery, SEARCH_FIELDS, type RunSearchQuery } from './search-query.js';

/** Values as the parser leaves them: lowercased, trimmed, non-empty, no double quote (the syntax has no escape for it). */
const value = fc
  .string({ unit: fc.constantFrom('a', 'B', 'z', '1', '.', ':', '-', ' ', '\u00e9', '_', '/', '\u0130'), minLength: 1, maxLength: 12 })
  .map((v) => v.toLowerCase().trim())
  .filter((v) => v !== '' && v.toLowerCase() === v);
const list = fc.uniqueArray(value, { maxLength: 3 });

const query: fc.Arbitrary<RunSearchQuery> = fc.record({
  terms: list,
  excluded: list,
  status: list,
  tools: list,
  models: list,
  users: list,
  fields: fc.uniqueArray(fc.constantFrom(...SEARCH_FIELDS), { maxLength: 4 }),
  errorsOnly: fc.boolean(),
});

describe('the run search syntax', () => {
  it('reads back every query it writes', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(parseSearchQuery(formatSearchQuery(q))).toEqual(q);
      }),
    );
  });

  it('never throws, and never yields an empty or untrimmed value, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const q = parseSearchQuery(text);
        for (const v of [...q.terms, ...q.excluded, ...q.status, ...q.tools, ...q.models, ...q.users]) {
          expect(v).not.toBe('');
          expect(v).toBe(v.trim());
        }
      }),
    );
  });

  it('reads words, phrases, exclusions and qualifiers; unknown qualifiers are text', () => {
    expect(parseSearchQuery('451.82 "light Jacket" -draft tool:get_weather Status:ERROR model:"gpt 4o" user:ali in:output is:error http://x a:b')).toEqual({
      terms: ['451.82', 'light jacket', 'http://x', 'a:b'],
      excluded: ['draft'],
      status: ['error'],
      tools: ['get_weather'],
      models: ['gpt 4o'],
      users: ['ali'],
      fields: ['output'],
      errorsOnly: true,
    });
    expect(parseSearchQuery('in:nowhere is:fine -tool:x "unclosed phrase').terms).toEqual(['in:nowhere', 'is:fine', 'unclosed phrase']);
    expect(parseSearchQuery('-tool:x').excluded).toEqual(['tool:x']);
    expect(parseSearchQuery('  -  ').terms).toEqual(['-']);
  });
});
