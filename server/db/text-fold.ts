/**
 * Text as memory search compares it: the stored value decoded (Agno stores a memory as JSON, so
 * `Montréal` is the text `"Montr\u00e9al"` in the file), accents dropped and letters lowercased,
 * so `montreal`, `Montréal` and `MONTRÉAL` all find it. An extension over the platform, whose
 * search is a case-insensitive LIKE over the stored JSON text.
 */

/** Lowercase, without accents (compatibility decomposition, combining marks removed). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The text a stored JSON value holds: a JSON string's content, any other JSON re-written without escapes; else the raw text. */
export function decodeStoredText(value: string): string {
  const trimmed = value.trimStart();
  if (trimmed.startsWith('"') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
    } catch {
      // Not JSON after all: the text as stored.
    }
  }
  return value;
}

/** What `rundesk_text_fold(x)` answers in SQLite: the decoded, folded text (null stays null). */
export function foldStoredText(value: unknown): string | null {
  if (typeof value !== 'string') return value === null || value === undefined ? null : foldText(String(value));
  return foldText(decodeStoredText(value));
}

/**
 * The accented Latin letters (U+00C0–U+024F) and the plain letter each folds to, as the two
 * strings of PostgreSQL's `translate()`: PostgreSQL has no accent folding without the `unaccent`
 * extension, and `lower()` under the C collation folds ASCII only, so both cases are listed.
 */
export const LATIN_FOLD: { from: string; to: string } = (() => {
  let from = '';
  let to = '';
  for (let cp = 0xc0; cp <= 0x24f; cp++) {
    const c = String.fromCodePoint(cp);
    const f = foldText(c);
    if (f.length === 1 && f >= 'a' && f <= 'z' && f !== c) {
      from += c;
      to += f;
    }
  }
  return { from, to };
})();
