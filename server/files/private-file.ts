import fs from 'node:fs';

/**
 * Makes sure `file` exists, created with mode 0600 when missing. For the default database:
 * SQLite would create it with the process umask (usually 0644) and gives `-wal` and `-shm` the
 * database file's mode, so creating it first keeps all three private. An empty file is a new
 * SQLite database.
 */
export function ensurePrivateFile(file: string): void {
  try {
    fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
