/**
 * The contract between the Electron preload and the renderer: what `window.rundesk` offers.
 * Declared once, here: the preload checks its object against `RundeskBridge` with `satisfies`, and
 * the renderer imports these types (type-only; it feature-detects `window.rundesk`, absent in a
 * plain browser). Data never travels over IPC: the renderer talks
 * to the server over HTTP; the bridge only reaches native things (dialogs) and main's pushes.
 *
 * Channels are `<area>:<verb-noun>`; pushes from main are prefixed `main:`.
 *
 * @example
 * if (window.rundesk?.isDesktop) {
 *   const file = await window.rundesk.chooseFile({ title: 'Attach database', filters: [{ name: 'SQLite', extensions: ['db', 'sqlite'] }] });
 *   const off = window.rundesk.onDatabasesChanged(() => queryClient.invalidateQueries({ queryKey: ['databases'] }));
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

export interface RundeskBridge {
  /** Always `true`: lets the renderer tell the desktop app from a browser tab. */
  readonly isDesktop: true;
  /** Native open dialog for one file. Resolves to its absolute path, or `null` when cancelled. */
  chooseFile(options?: ChooseFileOptions): Promise<string | null>;
  /** Main attached or detached a database (File menu). Returns an unsubscribe function. */
  onDatabasesChanged(listener: () => void): () => void;
  /** Main imported verification keys or a JWKS file (File menu). Returns an unsubscribe function. */
  onKeysChanged(listener: () => void): () => void;
}

/** Every IPC channel, by bridge method. The preload repeats these literals (it cannot import). */
export const IPC_CHANNELS = {
  chooseFile: 'dialog:choose-file',
  databasesChanged: 'main:databases-changed',
  keysChanged: 'main:keys-changed',
} as const;

/** What an IPC `handle` replies: Electron keeps only a thrown error's message, so errors travel as data. */
export type IpcResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { type: 'IpcError'; code: IpcErrorCode; message: string } };

export type IpcErrorCode = 'ERR_IPC_INVALID_ARGUMENT' | 'ERR_IPC_UNTRUSTED_SENDER' | 'ERR_IPC_FAILED';
