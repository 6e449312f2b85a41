import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readJson, writeJson } from './storage';

/**
 * `useState` kept in localStorage under `key`, so a page's work survives navigation and
 * reloads (the workshop's form, minted token, inspected request). A stored value that is not
 * `valid` (an older shape, hand-edited) is dropped for `initial`.
 */
export function useStoredState<T>(key: string, initial: T | (() => T), valid: (value: unknown) => value is T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    const stored = readJson<unknown>(key, undefined);
    if (stored !== undefined && valid(stored)) return stored;
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  useEffect(() => writeJson(key, value), [key, value]);
  return [value, setValue];
}

/**
 * A validator for "an object with the same keys and value types as `template`" (arrays as
 * arrays, objects as objects, `null` only where the template has `null`).
 */
export function shapedLike<T extends object>(template: T): (value: unknown) => value is T {
  return (value: unknown): value is T => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    return Object.entries(template).every(([k, t]) => {
      const v = (value as Record<string, unknown>)[k];
      if (Array.isArray(t)) return Array.isArray(v);
      if (t === null) return v === null || v !== undefined;
      return typeof v === typeof t && (typeof t !== 'object' || (v !== null && !Array.isArray(v)));
    });
  };
}
