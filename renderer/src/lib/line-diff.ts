import { diffArrays } from 'diff';

/** One line of a diff: in both (`same`), only in the first (`del`) or only in the second (`add`). */
export interface DiffLine {
  kind: 'same' | 'del' | 'add';
  text: string;
}

/**
 * Above this many lines on a side the diff is not computed: the page shows the two bodies
 * instead, where a line-by-line reading is no longer what anyone does.
 */
export const MAX_DIFF_LINES = 3000;

/**
 * A line diff of `a` into `b` (Myers' algorithm, from `diff`: a shortest edit script, so the
 * `same` lines are a longest common subsequence): reading the `same` and `del` lines gives `a`,
 * the `same` and `add` lines give `b`. `null` when either side is over `MAX_DIFF_LINES`.
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] | null {
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return null;
  return diffArrays([...a], [...b]).flatMap((change) => {
    const kind: DiffLine['kind'] = change.added ? 'add' : change.removed ? 'del' : 'same';
    return change.value.map((text): DiffLine => ({ kind, text }));
  });
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
