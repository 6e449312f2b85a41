import fs from 'node:fs';
import path from 'node:path';
import { readSettingsFile, resolveSettings } from '../settings/load.js';
import type { Settings } from '../settings/schema.js';
import { firstRunSettings } from '../api/desk/keys/first-run.js';

/**
 * The settings a CLI command works with, the way `rundesk serve` would load them: `--config
 * FILE`, else `<data-dir>/settings.json`, else the first-run defaults (not written: only the
 * server creates the file). Throws the loader's one-line `ConfigError`.
 */
export function loadCliSettings(opts: { configPath?: string | undefined; dataDir: string; env: NodeJS.ProcessEnv }): {
  settings: Settings;
  source: string;
} {
  if (opts.configPath) {
    const file = path.resolve(opts.configPath);
    return { settings: readSettingsFile(file, opts.env).settings, source: file };
  }
  const file = path.join(opts.dataDir, 'settings.json');
  if (fs.existsSync(file)) return { settings: readSettingsFile(file, opts.env).settings, source: file };
  return { settings: resolveSettings(firstRunSettings(opts.dataDir), opts.env, opts.dataDir).settings, source: 'first-run defaults' };
}

/** Where `rundesk serve` would listen with these settings, for curl examples. */
export function serverBaseUrl(settings: Settings): string {
  const host = settings.server.host === '0.0.0.0' || settings.server.host === '::' ? '127.0.0.1' : settings.server.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${settings.server.port}`;
}
