/**
 * Scope names that look like a typo of a scope the routes require (`sesions:read`): saved as
 * is, such a mapping locks every reader out of its routes, and nothing else would say why. A
 * scope far from every known one is left alone — it may be one your identity provider issues.
 */

/** Edit distance (insert, delete, substitute, swap two neighbours), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  }
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const prev = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** `agents:my-agent:read` is known when `agents:read` is (a per-resource scope of a known family). */
function isKnown(scope: string, known: ReadonlySet<string>): boolean {
  if (known.has(scope)) return true;
  const parts = scope.split(':');
  return parts.length === 3 && known.has(`${parts[0]}:${parts[2]}`);
}

/** The known scope `scope` is most likely a typo of, or null when it is known or near none. */
export function scopeTypoOf(scope: string, known: ReadonlySet<string>): string | null {
  if (isKnown(scope, known)) return null;
  const lower = scope.toLowerCase();
  let best: { scope: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase(), 2);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { scope: candidate, distance };
  }
  return best?.scope ?? null;
}
