import { useEffect, useState } from 'react';
import { markAppLoaded } from '../platform/browser';

/** The current time, re-read every `intervalMs` (for "updated 3s ago"). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** `value`, updated only after it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Marks `<body data-app-state="loaded">` once `settled` (first data or a shown error). */
export function useMarkLoaded(settled: boolean): void {
  useEffect(() => {
    if (settled) markAppLoaded();
  }, [settled]);
}
