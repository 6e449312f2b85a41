/**
 * Keeps the window on the UI origin: navigations and `window.open` elsewhere are denied, and
 * http(s) ones go to the system browser instead. The webContents is injected (structural type).
 */
import { isInternalUrl, openExternalUrl } from './security.js';

export interface GuardedWebContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url?: string }, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

export interface NavigationGuardDeps {
  uiOrigin: string;
  /** `shell.openExternal`. */
  openExternal: (url: string) => unknown;
  /** Loads an internal URL in the existing window (a `target=_blank` link to the UI itself). */
  loadInternal: (url: string) => void;
}

/** `will-navigate` and `will-redirect`: let internal URLs through, send the rest out. */
export function onNavigate(deps: NavigationGuardDeps, event: { preventDefault(): void; url?: string }, legacyUrl?: string): void {
  const url = event.url ?? legacyUrl;
  if (isInternalUrl(url, deps.uiOrigin)) return;
  event.preventDefault();
  openExternalUrl(url, deps.openExternal);
}

/** `setWindowOpenHandler`: never a new Electron window. */
export function onWindowOpen(deps: NavigationGuardDeps, details: { url: string }): { action: 'deny' } {
  if (isInternalUrl(details.url, deps.uiOrigin)) deps.loadInternal(details.url);
  else openExternalUrl(details.url, deps.openExternal);
  return { action: 'deny' };
}

export function installNavigationGuard(contents: GuardedWebContents, deps: NavigationGuardDeps): void {
  contents.on('will-navigate', (event, url) => onNavigate(deps, event, url));
  contents.on('will-redirect', (event, url) => onNavigate(deps, event, url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => onWindowOpen(deps, details));
}
