/** Where the app keeps things, and which better-sqlite3 binary it loads. Pure; no Electron. */
import path from 'node:path';
import { defaultDataDir } from '../server/api/desk/data-dir.js';

/** Env var honoured only in test mode (`RUNDESK_TEST_MODE=1`, unpackaged): e2e runs get a temp data dir. */
export const E2E_DATA_DIR_ENV = 'RUNDESK_E2E_DATA_DIR';
export const TEST_MODE_ENV = 'RUNDESK_TEST_MODE';

export function isTestMode(isPackaged: boolean, env: NodeJS.ProcessEnv): boolean {
  return !isPackaged && env[TEST_MODE_ENV] === '1';
}

/** The absolute data folder a test run asks for (test mode, unpackaged), else null. */
export function testDataDir(options: { isPackaged: boolean; env: NodeJS.ProcessEnv }): string | null {
  const override = options.env[E2E_DATA_DIR_ENV];
  if (isTestMode(options.isPackaged, options.env) && override && path.isAbsolute(override)) return override;
  return null;
}

/**
 * The data folder: the very one `rundesk serve`, `mint` and `attach` use (`RUNDESK_DATA_DIR`,
 * else `~/.local/share/rundesk` on Linux, `~/Library/Application Support/rundesk` on macOS,
 * `%APPDATA%\rundesk` on Windows), so a token the CLI mints is one the app trusts; a test run's
 * own folder when it asks for one. Electron's `userData` (Chromium's profile, the window state)
 * stays apart from it.
 */
export function resolveDataDir(options: {
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform | undefined;
  home?: string | undefined;
}): string {
  return testDataDir(options) ?? defaultDataDir(options.env, options.platform, options.home);
}

/** Relative to the project root; written by scripts/electron-native.mjs. */
export const ELECTRON_NATIVE_BINDING = path.join('.electron-native', 'better_sqlite3.node');

export type NativeBinding =
  /** Packaged: electron-builder rebuilt better-sqlite3 for Electron in place; load it normally. */
  | { kind: 'packaged' }
  | { kind: 'dev'; path: string }
  | { kind: 'missing'; path: string; message: string };

/**
 * In development the project's node_modules hold better-sqlite3 built for Node (tests and the CLI
 * need it), so Electron loads its own copy from `.electron-native/`.
 */
export function resolveNativeBinding(options: { isPackaged: boolean; appPath: string; exists: (file: string) => boolean }): NativeBinding {
  if (options.isPackaged) return { kind: 'packaged' };
  const file = path.join(options.appPath, ELECTRON_NATIVE_BINDING);
  if (options.exists(file)) return { kind: 'dev', path: file };
  return {
    kind: 'missing',
    path: file,
    message:
      `better-sqlite3 has not been built for Electron (${file} is missing). ` +
      'Run "node scripts/electron-native.mjs" in the project folder (it needs a C++ toolchain or network access), then start again.',
  };
}

/** The window title shows where the server listens (it may not be the configured port). */
export function windowTitle(baseUrl: string): string {
  return `rundesk — ${baseUrl}`;
}
