import os from 'node:os';
import path from 'node:path';

/**
 * The per-user data folder that holds settings.json, rundesk.db, keys/ and the desk token,
 * following each platform's convention so uninstallers and backups find it where expected.
 * `RUNDESK_DATA_DIR` wins so tests and scripts can point several installs apart.
 *
 * @example
 * defaultDataDir({ HOME: '/home/ada' }, 'linux', '/home/ada') // '/home/ada/.local/share/rundesk'
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env.RUNDESK_DATA_DIR) return path.resolve(env.RUNDESK_DATA_DIR);
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'rundesk');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'rundesk');
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : undefined;
  return path.posix.join(xdg ?? path.posix.join(home, '.local', 'share'), 'rundesk');
}
