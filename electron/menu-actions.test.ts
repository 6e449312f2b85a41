import { describe, expect, it, vi } from 'vitest';
import type { DeskClient } from './desk-client.js';
import { createMenuActions, createMenuFlows, type MenuActionDeps } from './menu-actions.js';

function deps(overrides: Partial<MenuActionDeps> = {}) {
  const desk: DeskClient = {
    attachDatabase: vi.fn(async () => ({ ok: true as const, value: { id: 'agents' } })),
    importKeys: vi.fn(async () => ({ ok: true as const, value: { imported: 1 } })),
  };
  return {
    baseUrl: 'http://127.0.0.1:7777',
    dataDir: '/home/ada/.config/rundesk',
    desk,
    chooseFile: vi.fn(async () => '/data/agents.db'),
    push: vi.fn(),
    showError: vi.fn(),
    showAbout: vi.fn(),
    openPath: vi.fn(),
    openExternal: vi.fn(),
    ...overrides,
  } satisfies MenuActionDeps;
}

describe('menu flows', () => {
  it('When a database file is chosen, Then it is attached through the desk API and the window is told', async () => {
    const d = deps();
    await createMenuFlows(d).attachDatabase();
    expect(d.chooseFile).toHaveBeenCalledWith(expect.objectContaining({ title: expect.any(String), filters: expect.any(Array) }));
    expect(d.desk.attachDatabase).toHaveBeenCalledWith('/data/agents.db');
    expect(d.push).toHaveBeenCalledExactlyOnceWith('main:databases-changed');
    expect(d.showError).not.toHaveBeenCalled();
  });

  it('When a key file is chosen, Then it is imported and the window is told', async () => {
    const d = deps({ chooseFile: vi.fn(async () => '/keys/jwks.json') });
    await createMenuFlows(d).importKeys();
    expect(d.desk.importKeys).toHaveBeenCalledWith('/keys/jwks.json');
    expect(d.push).toHaveBeenCalledExactlyOnceWith('main:keys-changed');
  });

  it('When the dialog is cancelled, Then nothing is posted', async () => {
    const d = deps({ chooseFile: vi.fn(async () => null) });
    expect(await createMenuFlows(d).attachDatabase()).toBeNull();
    expect(d.desk.attachDatabase).not.toHaveBeenCalled();
    expect(d.push).not.toHaveBeenCalled();
  });

  it('When the server refuses, Then its detail is shown and no push is sent', async () => {
    const d = deps();
    d.desk.attachDatabase = vi.fn(async () => ({
      ok: false as const,
      error: { type: 'DeskError' as const, code: 'ERR_VALIDATION', message: 'not a SQLite database', status: 400 },
    }));
    await createMenuFlows(d).attachDatabase();
    expect(d.showError).toHaveBeenCalledWith('Could not attach the database', 'not a SQLite database');
    expect(d.push).not.toHaveBeenCalled();
  });
});

describe('menu actions', () => {
  it('API docs opens <baseUrl>/docs in the system browser', () => {
    const d = deps();
    createMenuActions(d).openApiDocs();
    expect(d.openExternal).toHaveBeenCalledWith('http://127.0.0.1:7777/docs');
  });

  it('Open data folder opens the data dir', () => {
    const d = deps();
    createMenuActions(d).openDataFolder();
    expect(d.openPath).toHaveBeenCalledWith('/home/ada/.config/rundesk');
  });

  it('When a flow throws, Then the error is shown rather than lost', async () => {
    const d = deps({ chooseFile: vi.fn(async () => Promise.reject(new Error('dialog crashed'))) });
    createMenuActions(d).attachDatabase();
    await vi.waitFor(() => expect(d.showError).toHaveBeenCalledWith('Could not attach the database', 'dialog crashed'));
  });
});
