/** What the menu items do, with every side effect injected. */
import type { ChooseFileOptions } from './bridge-types.js';
import { IPC_CHANNELS } from './bridge-types.js';
import type { DeskClient, DeskResult } from './desk-client.js';
import type { MenuActions } from './menu.js';
import { openExternalUrl } from './security.js';

export interface MenuActionDeps {
  baseUrl: string;
  dataDir: string;
  desk: DeskClient;
  /** Native open dialog; resolves to an absolute path or `null`. */
  chooseFile(options: ChooseFileOptions): Promise<string | null>;
  /** `webContents.send` to the window (if any). */
  push(channel: typeof IPC_CHANNELS.databasesChanged | typeof IPC_CHANNELS.keysChanged): void;
  showError(title: string, detail: string): void;
  showAbout(): void;
  /** `shell.openPath`. */
  openPath(dir: string): unknown;
  /** `shell.openExternal`. */
  openExternal(url: string): unknown;
}

export const DATABASE_FILTERS = [
  { name: 'SQLite databases', extensions: ['db', 'sqlite', 'sqlite3', 'db3'] },
  { name: 'All files', extensions: ['*'] },
];

export const KEY_FILTERS = [
  { name: 'Keys and JWKS', extensions: ['pem', 'pub', 'key', 'json', 'jwks'] },
  { name: 'All files', extensions: ['*'] },
];

/** The async menu flows, exposed for tests; `MenuActions` wraps them fire-and-forget. */
export interface MenuFlows {
  attachDatabase(): Promise<DeskResult<unknown> | null>;
  importKeys(): Promise<DeskResult<unknown> | null>;
}

export function createMenuFlows(deps: MenuActionDeps): MenuFlows {
  async function chooseThenPost(
    dialog: ChooseFileOptions,
    post: (file: string) => Promise<DeskResult<unknown>>,
    channel: typeof IPC_CHANNELS.databasesChanged | typeof IPC_CHANNELS.keysChanged,
    failureTitle: string,
  ): Promise<DeskResult<unknown> | null> {
    const file = await deps.chooseFile(dialog);
    if (file === null) return null;
    const result = await post(file);
    if (result.ok) deps.push(channel);
    else deps.showError(failureTitle, result.error.message);
    return result;
  }
  return {
    attachDatabase: () =>
      chooseThenPost({ title: 'Attach a SQLite database', filters: DATABASE_FILTERS }, (f) => deps.desk.attachDatabase(f), IPC_CHANNELS.databasesChanged, 'Could not attach the database'),
    importKeys: () =>
      chooseThenPost({ title: 'Import a verification key or JWKS file', filters: KEY_FILTERS }, (f) => deps.desk.importKeys(f), IPC_CHANNELS.keysChanged, 'Could not import the keys'),
  };
}

export function createMenuActions(deps: MenuActionDeps): MenuActions {
  const flows = createMenuFlows(deps);
  const report = (title: string) => (err: unknown) => deps.showError(title, err instanceof Error ? err.message : String(err));
  return {
    attachDatabase: () => void flows.attachDatabase().catch(report('Could not attach the database')),
    importKeys: () => void flows.importKeys().catch(report('Could not import the keys')),
    openDataFolder: () => void deps.openPath(deps.dataDir),
    openApiDocs: () => void openExternalUrl(`${deps.baseUrl}/docs`, deps.openExternal),
    showAbout: () => deps.showAbout(),
  };
}
