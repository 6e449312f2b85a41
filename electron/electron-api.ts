/**
 * The slice of Electron's main-process API that main.ts uses, typed structurally. The
 * `electron` package (and its typings) is an optional dependency that npm drops where the binary
 * cannot be downloaded (CI), so the code must type-check without it; main.ts loads the module
 * at runtime and casts it to this.
 */
import type { OpenDialogResult } from './ipc-handlers.js';
import type { MenuItemTemplate } from './menu.js';
import type { GuardedWebContents } from './navigation.js';
import type { Rect } from './window-state.js';
import type { WindowOptions } from './window-options.js';
import type { DeskCookieDetails } from './desk-cookie.js';
import type { FileFilter } from './bridge-types.js';

export interface PreventableEvent {
  preventDefault(): void;
}

export interface WebContents extends GuardedWebContents {
  send(channel: string, ...args: unknown[]): void;
  session: Session;
}

export interface BrowserWindow {
  webContents: WebContents;
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  restore(): void;
  maximize(): void;
  isMinimized(): boolean;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  getNormalBounds(): Rect;
  setTitle(title: string): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'close' | 'closed', listener: () => void): unknown;
  on(event: 'page-title-updated', listener: (event: PreventableEvent) => void): unknown;
}

export interface Session {
  cookies: { set(details: DeskCookieDetails): Promise<void> };
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean): void;
}

export interface ElectronMain {
  app: {
    readonly isPackaged: boolean;
    getPath(name: 'userData'): string;
    setPath(name: 'userData', value: string): void;
    getAppPath(): string;
    getVersion(): string;
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    quit(): void;
    exit(code?: number): void;
    on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
    on(event: 'second-instance' | 'window-all-closed' | 'activate', listener: () => void): unknown;
  };
  BrowserWindow: {
    new (options: WindowOptions): BrowserWindow;
    getAllWindows(): BrowserWindow[];
  };
  Menu: {
    buildFromTemplate(template: MenuItemTemplate[]): unknown;
    setApplicationMenu(menu: unknown): void;
  };
  dialog: {
    showOpenDialog(window: BrowserWindow, options: { title?: string; filters?: FileFilter[]; properties: string[] }): Promise<OpenDialogResult>;
    showErrorBox(title: string, content: string): void;
    showMessageBox(window: BrowserWindow, options: { type?: string; title?: string; message: string; detail?: string; buttons?: string[] }): Promise<unknown>;
  };
  ipcMain: {
    handle(channel: string, listener: (event: { senderFrame?: { url: string } | null }, ...args: unknown[]) => Promise<unknown>): void;
  };
  screen: { getAllDisplays(): { workArea: Rect }[]; getPrimaryDisplay(): { workArea: Rect } };
  session: { defaultSession: Session };
  shell: { openExternal(url: string): Promise<void>; openPath(path: string): Promise<string> };
}
