/**
 * Who the compare view's "fill" mints: two users who own sessions in the data the request reads
 * (the owner of the session in the path first), so that under user isolation one column sees
 * the rows and the other gets the platform's 404 — made-up users own nothing and both get 404.
 */
export function comparePeople(owner: string | null, owners: readonly (string | null | undefined)[]): [string, string] {
  const known = [...new Set([owner, ...owners].filter((u): u is string => typeof u === 'string' && u.length > 0))];
  const first = known[0] ?? 'alice';
  const second = known.find((u) => u !== first) ?? (first === 'bob' ? 'alice' : 'bob');
  return [first, second];
}

/** The session a compare path names (`/sessions/{id}…`) and the query it reads with. */
export function sessionOfPath(path: string): { sessionId: string | null; db: string | undefined; table: string | undefined } {
  const url = new URL(path, 'http://rundesk.invalid');
  const m = /^\/sessions\/([^/]+)/.exec(url.pathname);
  const db = url.searchParams.get('db_id') || undefined;
  return { sessionId: m?.[1] ? decodeURIComponent(m[1]) : null, db, table: (db && url.searchParams.get('table')) || undefined };
}
