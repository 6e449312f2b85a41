import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStoredText, foldStoredText, foldText, LATIN_FOLD } from './text-fold.js';

describe('memory search text folding', () => {
  it('decodes a stored JSON string and drops case and accents', () => {
    expect(foldStoredText('"Olivia is planning a weekend trip to Montr\\u00e9al."')).toBe('olivia is planning a weekend trip to montreal.');
    expect(foldText('MONTRÉAL Ærø Ñandú')).toBe('montreal ærø nandu');
    expect(decodeStoredText('not "json"')).toBe('not "json"');
    expect(decodeStoredText('{"a":"\\u00e9"}')).toBe('{"a":"é"}');
    expect(foldStoredText(null)).toBeNull();
  });

  it('a folded word is found in any stored form of a text that holds it (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 8 }), fc.string(), (before, word, after) => {
        const stored = JSON.stringify(`${before}${word}${after}`).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        expect(foldStoredText(stored)).toContain(foldText(word));
      }),
    );
  });

  it('PostgreSQL’s translate table folds as foldText does, in both cases', () => {
    expect(LATIN_FOLD.from.length).toBe(LATIN_FOLD.to.length);
    for (let i = 0; i < LATIN_FOLD.from.length; i++) expect(foldText(LATIN_FOLD.from[i]!)).toBe(LATIN_FOLD.to[i]);
    expect(LATIN_FOLD.from).toContain('É');
    expect(LATIN_FOLD.from).toContain('é');
  });
});
