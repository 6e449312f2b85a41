import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, MENU_IDS, type MenuActions, type MenuItemTemplate } from './menu.js';

function actions() {
  return {
    attachDatabase: vi.fn<() => void>(),
    importKeys: vi.fn<() => void>(),
    openDataFolder: vi.fn<() => void>(),
    openApiDocs: vi.fn<() => void>(),
    showAbout: vi.fn<() => void>(),
  } satisfies MenuActions;
}

function flatten(items: MenuItemTemplate[]): MenuItemTemplate[] {
  return items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
}

function topLabels(items: MenuItemTemplate[]): string[] {
  return items.map((i) => i.label ?? i.role ?? '?');
}

describe.each(['linux', 'win32', 'darwin'])('buildMenuTemplate on %s', (platform) => {
  const acts = actions();
  const template = buildMenuTemplate({ platform, appName: 'rundesk', actions: acts });
  const all = flatten(template);
  const byId = (id: string) => all.find((i) => i.id === id);

  it('has File, Edit, View, Window and Help menus (and the app menu on macOS)', () => {
    const expected = ['File', 'editMenu', 'View', 'windowMenu', 'Help'];
    expect(topLabels(template)).toEqual(platform === 'darwin' ? ['rundesk', ...expected] : expected);
  });

  it.each([
    [MENU_IDS.attachDatabase, 'Attach database…', 'CmdOrCtrl+O', 'attachDatabase'],
    [MENU_IDS.importKeys, 'Import keys or JWKS…', 'CmdOrCtrl+Shift+K', 'importKeys'],
    [MENU_IDS.openDataFolder, 'Open data folder', undefined, 'openDataFolder'],
    [MENU_IDS.apiDocs, 'API docs', 'F1', 'openApiDocs'],
    [MENU_IDS.about, 'About rundesk', undefined, 'showAbout'],
  ] as const)('%s is labelled %j with accelerator %j and calls %s', (id, label, accelerator, action) => {
    const item = byId(id);
    expect(item?.label).toBe(label);
    expect(item?.accelerator).toBe(accelerator);
    item?.click?.();
    expect(acts[action]).toHaveBeenCalledTimes(1);
  });

  it('File holds the three file actions', () => {
    const file = template.find((i) => i.label === 'File');
    expect(file?.submenu?.map((i) => i.id).filter(Boolean)).toEqual([MENU_IDS.attachDatabase, MENU_IDS.importKeys, MENU_IDS.openDataFolder]);
  });

  it('View offers reload, devtools and zoom', () => {
    const view = template.find((i) => i.label === 'View');
    const roles = view?.submenu?.map((i) => i.role).filter(Boolean);
    expect(roles).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut']));
    for (const item of view?.submenu ?? []) if (item.role) expect(item.accelerator).toEqual(expect.any(String));
  });

  it('Help opens the API docs', () => {
    const help = template.find((i) => i.label === 'Help');
    expect(help?.submenu?.some((i) => i.id === MENU_IDS.apiDocs)).toBe(true);
  });

  it('has no duplicate accelerators', () => {
    const accelerators = all.map((i) => i.accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('can quit', () => {
    expect(all.some((i) => i.role === 'quit')).toBe(true);
  });
});
