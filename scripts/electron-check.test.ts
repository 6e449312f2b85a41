import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_CHECK_MISSING, electronCheck } from './electron-check.mjs';

const missing = () => {
  throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');
};

describe('npm run electron:check', () => {
  it('When the Electron package or binary is missing, Then exit 1 with one line naming the cause and the fix (npx electron says nothing)', () => {
    for (const deps of [
      { loadElectron: missing, exists: () => false },
      { loadElectron: () => '/nowhere/electron', exists: () => false },
    ]) {
      const r = electronCheck({ env: {}, version: () => '40.0.0', ...deps });
      expect(r).toEqual({ code: 1, line: ELECTRON_CHECK_MISSING });
    }
    expect(ELECTRON_CHECK_MISSING).toMatch(/npm ci/);
    expect(ELECTRON_CHECK_MISSING).toMatch(/ELECTRON_MIRROR/);
  });

  it('When the binary is there, Then its version; RUNDESK_NO_ELECTRON does not hide it', () => {
    const r = electronCheck({ env: { RUNDESK_NO_ELECTRON: '1' }, loadElectron: () => '/opt/electron', exists: () => true, version: () => 'v40.8.5' });
    expect(r).toEqual({ code: 0, line: 'Electron v40.8.5 at /opt/electron' });
    expect(electronCheck({ env: {}, loadElectron: () => '/opt/electron', exists: () => true, version: () => null }).code).toBe(1);
  });

  it('When run on this machine, Then it prints one line and its exit code says whether the app can start', () => {
    const r = spawnSync(process.execPath, [path.resolve('scripts/electron-check.mjs')], { encoding: 'utf8' });
    const installed = (() => {
      try {
        return fs.existsSync(String(createRequire(path.resolve('package.json'))('electron')));
      } catch {
        return false;
      }
    })();
    expect(`${r.stdout}${r.stderr}`.trim().split('\n')).toHaveLength(1);
    expect(r.status).toBe(installed ? 0 : 1);
  });
});
