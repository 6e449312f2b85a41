import type { SettingsInput } from '../../../settings/schema.js';
import { localTrustedJwksPath } from './store.js';

/**
 * The settings written to `<data-dir>/settings.json` on first run: the auth layer trusts the
 * local keys through their JWKS file, RS256 (the default `auth.algorithm`). Tokens minted by
 * the workbench with the default key therefore verify without any further setup.
 *
 * @example
 * loadSettings({ dataDir, env, firstRunSettings: () => firstRunSettings(dataDir) });
 */
export function firstRunSettings(dataDir: string): SettingsInput {
  return {
    os_id: 'rundesk-local',
    auth: { jwks_file: localTrustedJwksPath(dataDir) },
  };
}
