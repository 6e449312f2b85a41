/**
 * Preload for the sandboxed window: compiled to `dist/electron/preload.cjs`, plain CommonJS that
 * requires only `electron` (a sandboxed preload cannot load other files). One named, typed
 * method per IPC message — never a pass-through `invoke(channel, ...)`.
 */
import type { ChooseFileOptions, IPC_CHANNELS, IpcResult, RundeskBridge } from './bridge-types.js';

interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (...args: unknown[]) => void): unknown;
    removeListener(channel: string, listener: (...args: unknown[]) => void): unknown;
  };
}

const { contextBridge, ipcRenderer } = require('electron') as PreloadElectron;

// The literals must equal IPC_CHANNELS (checked by these annotations).
const CHOOSE_FILE: (typeof IPC_CHANNELS)['chooseFile'] = 'dialog:choose-file';
const DATABASES_CHANGED: (typeof IPC_CHANNELS)['databasesChanged'] = 'main:databases-changed';
const KEYS_CHANGED: (typeof IPC_CHANNELS)['keysChanged'] = 'main:keys-changed';

/** Subscribes without handing the renderer Electron's event object (it carries `sender`). */
function subscribe(channel: string, listener: () => void): () => void {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
  const wrapped = (): void => listener();
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

const bridge = {
  isDesktop: true,
  async chooseFile(options?: ChooseFileOptions): Promise<string | null> {
    const reply = (await ipcRenderer.invoke(CHOOSE_FILE, options ?? {})) as IpcResult<string | null>;
    if (reply.ok) return reply.value;
    throw new Error(`${reply.error.code}: ${reply.error.message}`);
  },
  onDatabasesChanged: (listener: () => void) => subscribe(DATABASES_CHANGED, listener),
  onKeysChanged: (listener: () => void) => subscribe(KEYS_CHANGED, listener),
} as const satisfies RundeskBridge;

contextBridge.exposeInMainWorld('rundesk', bridge);
