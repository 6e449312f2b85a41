/**
 * The browser's copy of the server's scope-typo rule (the mapping lint's "unknown scope"), so the
 * Settings page can flag `sesions:read` while it is typed, before a save applies it. The UI
 * holds no server code; a property test holds this copy to the server's answers.
 */

/** Edit distance (insert, delete, substitute, swap two neighbours), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row.push(best);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** `agents:my-agent:read` is known when `agents:read` is (a per-resource scope of a known family). */
function isKnown(scope: string, known: ReadonlySet<string>): boolean {
  if (known.has(scope)) return true;
  const parts = scope.split(':');
  return parts.length === 3 && known.has(`${parts[0]}:${parts[2]}`);
}

/**
 * The known scope `scope` is most likely a typo of, or null when it is known or near none (a
 * scope far from every known one may be one the identity provider issues).
 *
 * @example
 * scopeTypoOf('sesions:read', new Set(['sessions:read'])); // 'sessions:read'
 */
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

/** The scopes the server's lint knows: those the default mappings ask for, and the admin scope. */
export function lintKnownScopes(defaults: Record<string, readonly string[]>, adminScope: string): Set<string> {
  const known = new Set(Object.values(defaults).flat());
  if (adminScope) known.add(adminScope);
  return known;
}
