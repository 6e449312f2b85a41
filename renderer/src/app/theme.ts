import { useSyncExternalStore } from 'react';
import { onPrefersDarkChange, prefersDark, setRootTheme } from '../platform/browser';
import { readJson, writeJson } from '../platform/storage';

/** Theme preference: follow the OS (`system`) or force light/dark. Persisted. */
export type ThemePreference = 'system' | 'light' | 'dark';

const KEY = 'rundesk.theme.v1';
let pref: ThemePreference = readPref();
const listeners = new Set<() => void>();

function readPref(): ThemePreference {
  const v = readJson<string>(KEY, 'system');
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Applies the stored preference to `<html>`; call before the first render. */
export function applyStoredTheme(): void {
  setRootTheme(pref === 'system' ? null : pref);
}

export function setThemePreference(next: ThemePreference): void {
  pref = next;
  writeJson(KEY, next);
  setRootTheme(next === 'system' ? null : next);
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  const off = onPrefersDarkChange(l);
  return () => {
    listeners.delete(l);
    off();
  };
}

let snapshot = '';
function getSnapshot(): string {
  const next = `${pref}|${prefersDark() ? 'dark' : 'light'}`;
  if (next !== snapshot) snapshot = next;
  return snapshot;
}

/** `{ preference, resolved }` where resolved is the theme actually shown. */
export function useTheme(): { preference: ThemePreference; resolved: 'light' | 'dark' } {
  const s = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const [p, os] = s.split('|') as [ThemePreference, 'light' | 'dark'];
  return { preference: p, resolved: p === 'system' ? os : p };
}
