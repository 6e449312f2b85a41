/**
 * The Electron preload's `window.rundesk`, feature-detected. A copy of
 * `electron/bridge-types.ts` (the renderer cannot import electron code); keep them in step (electron/bridge-contract.test.ts fails the typecheck when they drift).
 *
 * @example
 * const bridge = getDesktopBridge();
 * if (bridge) {
 *   const path = await bridge.chooseFile({ title: 'Attach database', filters: [{ name: 'SQLite', extensions: ['db', 'sqlite'] }] });
 * }
 */

export interface FileFilter {
  /** Shown in the dialog, e.g. `SQLite databases`. */
  name: string;
  /** Without dots, e.g. `['db', 'sqlite']`; `['*']` for all files. */
  extensions: string[];
}

export interface ChooseFileOptions {
  title?: string;
  filters?: FileFilter[];
}

export interface DesktopBridge {
  /** Always `true`: lets the renderer tell the desktop app from a browser tab. */
  readonly isDesktop: true;
  /** Native open dialog for one file. Resolves to its absolute path, or `null` when cancelled. */
  chooseFile(options?: ChooseFileOptions): Promise<string | null>;
  /** Main attached or detached a database (File menu). Returns an unsubscribe function. */
  onDatabasesChanged(listener: () => void): () => void;
  /** Main imported verification keys or a JWKS file (File menu). Returns an unsubscribe function. */
  onKeysChanged(listener: () => void): () => void;
}

function isBridge(value: unknown): value is DesktopBridge {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    v.isDesktop === true &&
    typeof v.chooseFile === 'function' &&
    typeof v.onDatabasesChanged === 'function' &&
    typeof v.onKeysChanged === 'function'
  );
}

/** The desktop bridge when running inside the Electron app, `null` in a plain browser. */
export function getDesktopBridge(): DesktopBridge | null {
  const candidate = (globalThis as { rundesk?: unknown }).rundesk;
  return isBridge(candidate) ? candidate : null;
}
