/**
 * The application menu as plain data (Electron's `MenuItemConstructorOptions` subset), built
 * from injected actions so it can be inspected in tests without Electron.
 */

export interface MenuItemTemplate {
  id?: string;
  label?: string;
  role?: string;
  type?: 'normal' | 'separator' | 'submenu';
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

export interface MenuActions {
  attachDatabase(): void;
  importKeys(): void;
  openDataFolder(): void;
  openApiDocs(): void;
  showAbout(): void;
}

export const MENU_IDS = {
  attachDatabase: 'file.attach-database',
  importKeys: 'file.import-keys',
  openDataFolder: 'file.open-data-folder',
  apiDocs: 'help.api-docs',
  about: 'help.about',
} as const;

const separator: MenuItemTemplate = { type: 'separator' };

export function buildMenuTemplate(options: { platform: string; appName: string; actions: MenuActions }): MenuItemTemplate[] {
  const { platform, appName, actions } = options;
  const mac = platform === 'darwin';
  const about: MenuItemTemplate = { id: MENU_IDS.about, label: `About ${appName}`, click: () => actions.showAbout() };

  const template: MenuItemTemplate[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [about, separator, { role: 'services' }, separator, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, separator, { role: 'quit' }],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        { id: MENU_IDS.attachDatabase, label: 'Attach database…', accelerator: 'CmdOrCtrl+O', click: () => actions.attachDatabase() },
        { id: MENU_IDS.importKeys, label: 'Import keys or JWKS…', accelerator: 'CmdOrCtrl+Shift+K', click: () => actions.importKeys() },
        separator,
        { id: MENU_IDS.openDataFolder, label: 'Open data folder', click: () => actions.openDataFolder() },
        separator,
        mac ? { role: 'close', accelerator: 'CmdOrCtrl+W' } : { role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' },
      ],
    },
    // Without an Edit menu, copy/paste shortcuts do not work on macOS.
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload', accelerator: 'CmdOrCtrl+R' },
        { role: 'forceReload', accelerator: 'CmdOrCtrl+Shift+R' },
        { role: 'toggleDevTools', accelerator: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I' },
        separator,
        { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
        { role: 'zoomIn', accelerator: 'CmdOrCtrl+=' },
        { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
        separator,
        { role: 'togglefullscreen', accelerator: mac ? 'Ctrl+Cmd+F' : 'F11' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      label: 'Help',
      submenu: [
        { id: MENU_IDS.apiDocs, label: 'API docs', accelerator: 'F1', click: () => actions.openApiDocs() },
        ...(mac ? [] : [separator, about]),
      ],
    },
  );
  return template;
}
