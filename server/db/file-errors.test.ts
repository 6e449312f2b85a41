import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { buildAgnoDb, makeDemoSessions } from '../testing/agno-builder.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { openDatabase } from './agno/database.js';
import { DatabaseFileError, DatabaseUnavailableError } from './errors.js';
import { checkDatabaseFile } from './file-check.js';

const made: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function tempDir(): string {
  const d = makeTempDir('rundesk-file-errors-');
  made.push(d);
  return d.dir;
}

function failureOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('database file failures as a kind', () => {
  it('When an attached path is not SQLite, then the failure names the database and carries the reason as a field', () => {
    const file = path.join(tempDir(), 'notes.db');
    fs.writeFileSync(file, 'just text, long enough to hold a header\n');
    const err = failureOf(() => checkDatabaseFile('notes', file, true));
    expect(err).toBeInstanceOf(DatabaseFileError);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toMatchObject({ code: 'CONFIG_ERROR', databaseId: 'notes', file, reason: 'is not an SQLite file' });
    expect((err as Error).message).toBe(`database "notes" (${file}) is not an SQLite file`);
  });

  it('When an attached file is replaced by one that is not SQLite, then the 503 reason is the clause alone', () => {
    const dir = tempDir();
    const file = path.join(dir, 'agents.db');
    buildAgnoDb(file, makeDemoSessions());
    const db = openDatabase({ id: 'agents', path: file, readOnly: true, watchIntervalMs: 0 });
    try {
      const other = path.join(dir, 'other.db');
      fs.writeFileSync(other, 'not a database either, but long enough\n');
      fs.renameSync(other, file);
      const err = failureOf(() => db.store());
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      expect(err).toMatchObject({ databaseId: 'agents', file, reason: 'is not an SQLite file' });
      expect((err as DatabaseUnavailableError).cause).toBeInstanceOf(DatabaseFileError);
    } finally {
      db.close();
    }
  });
});
