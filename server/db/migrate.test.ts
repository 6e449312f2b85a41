import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigError } from '../errors.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { connect } from './connection.js';
import type { SqliteHandle } from './connection.js';
import { migrate, migrationHash } from './migrate.js';
import type { Migration } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import { openDefaultDatabase } from './native/database.js';

let temp: ReturnType<typeof makeTempDir>;
let file: string;
let handle: SqliteHandle | undefined;

const one: Migration = { name: '0001_one', sql: 'CREATE TABLE one (id INTEGER PRIMARY KEY);' };
const two: Migration = { name: '0002_two', sql: 'CREATE TABLE two (id INTEGER PRIMARY KEY);' };

function fresh(): SqliteHandle {
  handle = connect(file, { readOnly: false, create: true });
  return handle;
}

function tables(h: SqliteHandle): string[] {
  return (h.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
}

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'rundesk.db');
});

afterEach(() => {
  handle?.close();
  handle = undefined;
  temp.remove();
});

describe('migrate', () => {
  it('applies pending migrations in order and records each with its sha256', () => {
    const h = fresh();
    expect(migrate(h, [one, two], 'db')).toEqual({ applied: ['0001_one', '0002_two'] });
    expect(h.prepare('SELECT name, sha256 FROM schema_migrations ORDER BY name').all()).toEqual([
      { name: '0001_one', sha256: migrationHash(one) },
      { name: '0002_two', sha256: migrationHash(two) },
    ]);
    expect(migrate(h, [one, two], 'db')).toEqual({ applied: [] });
  });

  it('applies only what is new when the build gains a migration', () => {
    const h = fresh();
    migrate(h, [one], 'db');
    expect(migrate(h, [one, two], 'db')).toEqual({ applied: ['0002_two'] });
    expect(tables(h)).toEqual(['one', 'schema_migrations', 'two']);
  });

  it('fails loudly when an applied migration was edited', () => {
    const h = fresh();
    migrate(h, [one], 'database "default" (x)');
    const edited = { ...one, sql: 'CREATE TABLE one (id INTEGER PRIMARY KEY, extra TEXT);' };
    expect(() => migrate(h, [edited], 'database "default" (x)')).toThrow(
      new ConfigError('database "default" (x): migration 0001_one was changed after it was applied (sha256 mismatch)'),
    );
  });

  it('fails loudly when the recorded hash was tampered with', () => {
    const h = fresh();
    migrate(h, [one], 'db');
    h.prepare("UPDATE schema_migrations SET sha256 = 'deadbeef'").run();
    expect(() => migrate(h, [one], 'db')).toThrow(/sha256 mismatch/);
  });

  it('refuses a database migrated by a newer build', () => {
    const h = fresh();
    migrate(h, [one, two], 'db');
    expect(() => migrate(h, [one], 'db')).toThrow(/has migration 0002_two, which this version of rundesk does not know/);
  });

  it('runs each migration in its own transaction', () => {
    const h = fresh();
    const broken: Migration = { name: '0002_broken', sql: 'CREATE TABLE half (id INTEGER); CREATE TABLE oops (;' };
    expect(() => migrate(h, [one, broken], 'db')).toThrow();
    expect(tables(h)).toEqual(['one', 'schema_migrations']);
    expect(h.prepare('SELECT name FROM schema_migrations').all()).toEqual([{ name: '0001_one' }]);
  });

  it('insists on NNNN_name migrations in ascending order', () => {
    const h = fresh();
    expect(() => migrate(h, [two, one], 'db')).toThrow(TypeError);
    expect(() => migrate(h, [{ name: 'init', sql: '' }], 'db')).toThrow(TypeError);
  });
});

describe('openDefaultDatabase migrations', () => {
  it('creates the native schema once and reopens without changes', () => {
    openDefaultDatabase(file).close();
    openDefaultDatabase(file).close();
    const h = connect(file, { readOnly: true });
    handle = h;
    expect(tables(h)).toEqual(['runs', 'schema_migrations', 'sessions']);
    expect(h.prepare('SELECT name, sha256 FROM schema_migrations').all()).toEqual(
      MIGRATIONS.map((m) => ({ name: m.name, sha256: migrationHash(m) })),
    );
    expect(h.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('refuses to open when a shipped migration no longer matches the database', () => {
    openDefaultDatabase(file).close();
    const edited = MIGRATIONS.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    expect(() => openDefaultDatabase(file, { migrations: edited })).toThrow(ConfigError);
    expect(() => openDefaultDatabase(file, { migrations: edited })).toThrow(/0001_init was changed after it was applied/);
  });
});
