import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildConversation } from './conversation';
import { findInConversation, rowSearchText } from './conversation-find';

const word = fc.string({ unit: fc.constantFrom('a', 'B', 'c', ' ', '\u00c9', '1'), maxLength: 20 });

describe('finding text in a conversation', () => {
  it('returns exactly the rows whose text holds the term, in order, in any letter case', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), word, (contents, term) => {
        const rows = buildConversation(contents.map((content) => ({ role: 'user', content })));
        const texts = rows.map(rowSearchText);
        const found = findInConversation(rows, texts, term);
        const needle = term.trim().toLowerCase();
        const expected = needle === '' ? [] : contents.flatMap((c, i) => (c !== '' && c.toLowerCase().includes(needle) ? [i] : []));
        expect(found).toEqual(expected);
      }),
    );
  });

  it('finds tool names and arguments of calls and of the tool message answering them', () => {
    const rows = buildConversation([
      { role: 'user', content: 'hi' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Montréal"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ]);
    const texts = rows.map(rowSearchText);
    expect(findInConversation(rows, texts, 'MONTRÉAL')).toEqual([1, 2]);
    expect(findInConversation(rows, texts, 'sunny')).toEqual([2]);
    expect(findInConversation(rows, texts, '  ')).toEqual([]);
  });
});
