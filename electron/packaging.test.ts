import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, any>;
const config = readJson('build/electron-builder.json');
const pkg = readJson('package.json');

function pngSize(file: string): { width: number; height: number } {
  const buf = fs.readFileSync(path.join(root, file));
  expect(buf.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('build/electron-builder.json', () => {
  it("passes electron-builder's own schema validation", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, debug: { isEnabled: boolean; add(): void }): Promise<void>;
    };
    await expect(validateConfiguration(config, { isEnabled: false, add: () => undefined })).resolves.toBeUndefined();
    // …and the validation is real: a misspelt option is rejected.
    await expect(validateConfiguration({ ...config, npmRebuilds: true }, { isEnabled: false, add: () => undefined })).rejects.toThrow(/Invalid configuration/);
  });

  it('names the app', () => {
    expect(config.appId).toBe('dev.rundesk.app');
    expect(config.productName).toBe('rundesk');
  });

  it('packages the compiled app and package.json; production node_modules are added by electron-builder', () => {
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*', 'package.json']));
    expect(config.files.some((f: string) => f.includes('node_modules'))).toBe(false);
    expect(config.extraMetadata.main).toBe(pkg.main);
    expect(pkg.main).toBe('dist/electron/main.js');
  });

  it('rebuilds native modules for Electron and keeps them out of the asar', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/*.node', 'node_modules/better-sqlite3/**']));
  });

  it('targets AppImage + deb (Development), dmg and nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.category).toBe('Development');
    expect(config.linux.desktop.entry.Categories).toBe('Development;');
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('pins the Electron version of package.json', () => {
    expect(config.electronVersion).toBe(pkg.optionalDependencies.electron);
  });

  it('writes installers to release/ (git-ignored)', () => {
    expect(config.directories.output).toBe('release');
    expect(fs.readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^release\/$/m);
  });

  it('points at icon files that exist', () => {
    expect(pngSize('build/icon.png')).toEqual({ width: 512, height: 512 });
    for (const size of [16, 32, 48, 64, 128, 256, 512]) expect(pngSize(`build/icons/${size}x${size}.png`)).toEqual({ width: size, height: size });
    expect(fs.readFileSync(path.join(root, config.mac.icon)).subarray(0, 4).toString('ascii')).toBe('icns');
    const ico = fs.readFileSync(path.join(root, config.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    // Windows needs a 256×256 entry (stored as width 0).
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16]);
    expect(entries).toContain(0);
  });
});

describe('package.json (desktop parts)', () => {
  it('builds the Electron copy of better-sqlite3 after install, and packages through scripts/electron-dist.mjs', () => {
    expect(pkg.scripts.postinstall).toBe('node scripts/electron-native.mjs');
    expect(pkg.scripts.dist).toBe('npm run build && node scripts/electron-dist.mjs');
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
  });

  it('keeps Electron optional (its download may fail) and allowed to run its install script', () => {
    expect(pkg.optionalDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.allowScripts.electron).toBe(true);
  });
});
