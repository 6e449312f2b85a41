import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors.js';

/**
 * The data folder holds the desk token, private keys and every stored run, so it must be the
 * current user's alone. Another local user who created it beforehand (or can write into it)
 * could plant a `desk-token` or keys that rundesk would then accept.
 *
 * Rules (POSIX; Windows folders are per-user ACL'd by the platform and are not checked):
 *  - the folder must be owned by the current user, else rundesk refuses to start;
 *  - a folder writable by group or others is refused, unless rundesk has just created it (a
 *    permissive umask), in which case its mode is fixed;
 *  - a folder of ours that others can merely read is tightened to 0700, and the files rundesk
 *    keeps there to 0600 (`rundesk.db` with its `-wal`/`-shm`, which SQLite creates with the
 *    database's mode), its `keys/` folder to 0700;
 *  - any of those files owned by another user is refused.
 */

/** Files and folders rundesk keeps in the data folder, relative to it. */
const OWN_FILES = ['desk-token', 'settings.json', 'rundesk.db', 'rundesk.db-wal', 'rundesk.db-shm', 'rundesk.db-journal'];
const OWN_FOLDERS = ['keys'];

export interface DataFolderOptions {
  /** The user the folder must belong to; default the current one. Tests pass another. */
  uid?: number | undefined;
}

function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

function describeMode(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * Creates the data folder if needed (0700) and checks or fixes its ownership and modes as
 * described above. Throws a one-line `ConfigError` saying what to do.
 *
 * @example
 * secureDataFolder('/home/ada/.local/share/rundesk');
 */
export function secureDataFolder(dataDir: string, options: DataFolderOptions = {}): void {
  const created = !fs.existsSync(dataDir);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const uid = options.uid ?? currentUid();
  if (uid === null) return;

  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) throw new ConfigError(`data folder ${dataDir} is not a folder`);
  if (stat.uid !== uid) {
    throw new ConfigError(
      `data folder ${dataDir} belongs to another user (uid ${stat.uid}); use a folder of your own (--data-dir or RUNDESK_DATA_DIR)`,
    );
  }
  if ((stat.mode & 0o022) !== 0 && !created) {
    throw new ConfigError(
      `data folder ${dataDir} is writable by other users (mode ${describeMode(stat.mode)}); run "chmod 700 ${dataDir}" if you trust its contents, or use another folder`,
    );
  }
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(dataDir, 0o700);

  for (const name of OWN_FOLDERS) secureEntry(path.join(dataDir, name), uid, 0o700, true);
  for (const name of OWN_FILES) secureEntry(path.join(dataDir, name), uid, 0o600, false);
  const keysDir = path.join(dataDir, 'keys');
  if (fs.existsSync(keysDir)) {
    for (const entry of fs.readdirSync(keysDir, { withFileTypes: true })) {
      secureEntry(path.join(keysDir, entry.name), uid, entry.isDirectory() ? 0o700 : 0o600, entry.isDirectory());
    }
  }
}

/** An existing entry of the data folder: ours, of the expected type, at `mode`. */
function secureEntry(file: string, uid: number, mode: number, folder: boolean): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (stat.isSymbolicLink()) throw new ConfigError(`${file} is a symbolic link; rundesk keeps only its own files in the data folder`);
  if (stat.uid !== uid) {
    throw new ConfigError(`${file} belongs to another user (uid ${stat.uid}); remove it, or use a data folder of your own`);
  }
  if (folder !== stat.isDirectory()) throw new ConfigError(`${file} should be a ${folder ? 'folder' : 'file'}`);
  if ((stat.mode & 0o777) !== mode) fs.chmodSync(file, mode);
}
