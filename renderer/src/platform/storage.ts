/** localStorage access, tolerant of private modes and corrupt values. */

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

/** Calls `listener` when another window changes `key`. Returns an unsubscribe function. */
export function onStorageChange(key: string, listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => {};
  const handler = (e: StorageEvent) => {
    if (e.key === key) listener();
  };
  globalThis.addEventListener('storage', handler);
  return () => globalThis.removeEventListener('storage', handler);
}
