/** One line of a diff: in both (`same`), only in the first (`del`) or only in the second (`add`). */
export interface DiffLine {
  kind: 'same' | 'del' | 'add';
  text: string;
}

/** Above this many lines on a side the diff is not computed (the table is lines × lines). */
export const MAX_DIFF_LINES = 3000;

/**
 * A line diff of `a` into `b` by longest common subsequence: reading the `same` and `del` lines
 * gives `a`, the `same` and `add` lines give `b`. `null` when either side is over `MAX_DIFF_LINES`.
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] | null {
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return null;
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the common length of a[i:] and b[j:], in one flat array.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] = a[i] === b[j] ? (lcs[at(i + 1, j + 1)] ?? 0) + 1 : Math.max(lcs[at(i + 1, j)] ?? 0, lcs[at(i, j + 1)] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[at(i + 1, j)] ?? 0) >= (lcs[at(i, j + 1)] ?? 0)) out.push({ kind: 'del', text: a[i++] as string });
    else out.push({ kind: 'add', text: b[j++] as string });
  }
  while (i < n) out.push({ kind: 'del', text: a[i++] as string });
  while (j < m) out.push({ kind: 'add', text: b[j++] as string });
  return out;
}

/** The changed lines with `context` unchanged lines around each change; `null` marks lines left out. */
export function withContext(lines: readonly DiffLine[], context = 2): (DiffLine | null)[] {
  const keep = lines.map((l) => l.kind !== 'same');
  const near = lines.map((_, i) => keep.slice(Math.max(0, i - context), i + context + 1).some(Boolean));
  const out: (DiffLine | null)[] = [];
  lines.forEach((l, i) => {
    if (near[i]) out.push(l);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
}

/** A JSON body as the lines the diff compares (pretty-printed; text as it came). */
export function bodyLines(body: unknown): string[] {
  return (typeof body === 'string' ? body : (JSON.stringify(body, null, 2) ?? 'null')).split('\n');
}
