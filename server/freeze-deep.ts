/**
 * For values cached and shared between requests (decoded runs, memoised auth decisions): a
 * caller mutating one would change what the next request sees; freezing turns that into a
 * TypeError at the mutation instead.
 */
export function freezeDeep<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) freezeDeep(child);
  return value;
}
