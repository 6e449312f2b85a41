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

/**
 * `true` once `ready` has been true through a painted frame (the frame after the one `ready`
 * rendered in), so work started then does not hold back what that frame shows.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    // A frame callback runs before its paint; a task queued from it runs after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
