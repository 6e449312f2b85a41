import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_NATIVE_BINDING, resolveDataDir, resolveNativeBinding, windowTitle } from './app-paths.js';
import { defaultDataDir } from '../server/api/desk/data-dir.js';

const HOME = path.resolve('/home/ada');
const E2E_DIR = path.resolve('/tmp/rundesk-e2e-1');

describe('resolveDataDir', () => {
  it('When nothing says otherwise, Then it is the data folder the CLI uses on each platform, not Electron\'s userData', () => {
    expect(resolveDataDir({ isPackaged: true, env: {}, platform: 'linux', home: HOME })).toBe(path.posix.join(HOME, '.local', 'share', 'rundesk'));
    expect(resolveDataDir({ isPackaged: true, env: {}, platform: 'darwin', home: '/Users/ada' })).toBe('/Users/ada/Library/Application Support/rundesk');
    expect(resolveDataDir({ isPackaged: true, env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, platform: 'win32', home: 'C:\\Users\\ada' })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\rundesk',
    );
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const env = { APPDATA: 'C:\\AppData', XDG_DATA_HOME: '/xdg' };
      expect(resolveDataDir({ isPackaged: true, env, platform, home: HOME })).toBe(defaultDataDir(env, platform, HOME));
    }
  });

  it('When RUNDESK_DATA_DIR is set, Then the app uses it, as the CLI does', () => {
    expect(resolveDataDir({ isPackaged: true, env: { RUNDESK_DATA_DIR: '/srv/rd' }, platform: 'linux', home: HOME })).toBe(path.resolve('/srv/rd'));
  });

  it('When in test mode, Then the e2e data dir is honoured', () => {
    expect(resolveDataDir({ isPackaged: false, env: { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: E2E_DIR }, platform: 'linux', home: HOME })).toBe(E2E_DIR);
  });

  it.each([
    ['not in test mode', false, { RUNDESK_E2E_DATA_DIR: E2E_DIR }],
    ['packaged, even in test mode', true, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: E2E_DIR }],
    ['relative', false, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: 'relative/dir' }],
    ['empty', false, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: '' }],
  ])('When the override is %s, Then it is ignored', (_what, isPackaged, env) => {
    expect(resolveDataDir({ isPackaged, env, platform: 'linux', home: HOME })).toBe(path.posix.join(HOME, '.local', 'share', 'rundesk'));
  });
});

describe('resolveNativeBinding', () => {
  const appPath = path.resolve('/src/rundesk');

  it('When packaged, Then no binding path is passed (electron-builder rebuilt the module)', () => {
    expect(resolveNativeBinding({ isPackaged: true, appPath, exists: () => false })).toEqual({ kind: 'packaged' });
  });

  it('When developing and the Electron build exists, Then its path is used', () => {
    expect(resolveNativeBinding({ isPackaged: false, appPath, exists: () => true })).toEqual({ kind: 'dev', path: path.join(appPath, ELECTRON_NATIVE_BINDING) });
  });

  it('When developing without the Electron build, Then the message says how to make it', () => {
    const result = resolveNativeBinding({ isPackaged: false, appPath, exists: () => false });
    expect(result.kind).toBe('missing');
    if (result.kind === 'missing') expect(result.message).toContain('node scripts/electron-native.mjs');
  });
});

describe('windowTitle', () => {
  it('shows the actual base URL (a fallback port included)', () => {
    expect(windowTitle('http://127.0.0.1:53211')).toBe('rundesk — http://127.0.0.1:53211');
  });
});
