/**
 * The columns answer's text table being built: each distinct text once, and where it is. `textOf`
 * gives a key's text (the key is the text itself, or where it sat in another table).
 *
 * @example
 * const names = textTable((s: string) => s);
 * names.indexOf('model'); // 0
 * names.indexOf('tool'); // 1
 * names.indexOf('model'); // 0 — names.text is ['model', 'tool']
 */
export function textTable<K>(textOf: (key: K) => string): { readonly text: string[]; indexOf(key: K): number } {
  const text: string[] = [];
  const at = new Map<K, number>();
  return {
    text,
    indexOf(key: K): number {
      let i = at.get(key);
      if (i === undefined) {
        i = text.length;
        text.push(textOf(key));
        at.set(key, i);
      }
      return i;
    },
  };
}
