/**
 * The few browser globals the UI needs, behind functions (components never touch `window`).
 */

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard?.writeText) {
      await globalThis.navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or insecure context: try the legacy path.
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

/** The UI's origin, e.g. `http://127.0.0.1:7777` (the API lives on the same origin). */
export function serverOrigin(): string {
  return globalThis.location?.origin ?? 'http://127.0.0.1:7777';
}

/** Marks the page for tests and tooling: `<body data-app-state="loaded">` once data arrived. */
export function markAppLoaded(): void {
  if (typeof document !== 'undefined' && document.body.dataset.appState !== 'loaded') {
    document.body.dataset.appState = 'loaded';
  }
}

/** Triggers a download of `text` as a file (raw JSON export). */
export function downloadText(filename: string, text: string, mime = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Whether the OS prefers dark colours. */
export function prefersDark(): boolean {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

export function onPrefersDarkChange(listener: () => void): () => void {
  const mq = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  if (!mq) return () => {};
  mq.addEventListener('change', listener);
  return () => mq.removeEventListener('change', listener);
}

export function setRootTheme(theme: 'light' | 'dark' | null): void {
  const root = document.documentElement;
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
}

/** Scrolls the element with `id` to the top of the view and focuses its first `focusSelector` match (e.g. the trace's tree). */
export function revealElement(id: string, focusSelector?: string): void {
  const el = typeof document !== 'undefined' ? document.getElementById(id) : null;
  if (!el) return;
  el.scrollIntoView?.({ block: 'start' });
  if (focusSelector) el.querySelector<HTMLElement>(focusSelector)?.focus({ preventScroll: true });
}
