import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_NATIVE_BINDING, resolveDataDir, resolveNativeBinding, windowTitle } from './app-paths.js';

const USER_DATA = path.resolve('/home/ada/.config/rundesk');
const E2E_DIR = path.resolve('/tmp/rundesk-e2e-1');

describe('resolveDataDir', () => {
  it('uses userData by default', () => {
    expect(resolveDataDir({ isPackaged: false, env: {}, userData: USER_DATA })).toBe(USER_DATA);
  });

  it('When in test mode, Then the e2e data dir is honoured', () => {
    expect(resolveDataDir({ isPackaged: false, env: { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: E2E_DIR }, userData: USER_DATA })).toBe(E2E_DIR);
  });

  it.each([
    ['not in test mode', false, { RUNDESK_E2E_DATA_DIR: E2E_DIR }],
    ['packaged, even in test mode', true, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: E2E_DIR }],
    ['relative', false, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: 'relative/dir' }],
    ['empty', false, { RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: '' }],
  ])('When the override is %s, Then it is ignored', (_what, isPackaged, env) => {
    expect(resolveDataDir({ isPackaged, env, userData: USER_DATA })).toBe(USER_DATA);
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
