/** The owner key of a database in a server's caches: its id (a detach is a `closed` invalidation, so a re-attach starts clean). */
export function databaseOwner(databaseId: string): string {
  return `db:${databaseId}`;
}

/** The prefix of every key an owner puts into a cache. */
export function ownerPrefix(owner: string): string {
  return `${owner}\u0000`;
}
