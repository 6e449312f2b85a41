import { Caches } from '../runtime/caches.js';
import fs from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { BadRequestError, ConfigError, ConflictError, NotFoundError } from '../errors.js';
import { buildAgnoDb, makeDemoSessions } from '../testing/agno-builder.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { createDatabaseRegistry } from './registry.js';
import type { DatabaseRegistry } from './types.js';

let temp: ReturnType<typeof makeTempDir>;
let agnoFile: string;
let registry: DatabaseRegistry | undefined;

beforeEach(() => {
  temp = makeTempDir();
  agnoFile = path.join(temp.dir, 'agents.db');
  buildAgnoDb(agnoFile, makeDemoSessions());
});

afterEach(() => {
  registry?.closeAll();
  registry = undefined;
  temp.remove();
});

function create(entries: Array<{ id: string; path: string; read_only: boolean; session_table?: string }> = []): DatabaseRegistry {
  registry = createDatabaseRegistry({ defaultPath: path.join(temp.dir, 'data', 'rundesk.db'), entries, caches: new Caches() });
  return registry;
}

describe('createDatabaseRegistry', () => {
  it('opens the default database and the settings entries', async () => {
    const dbs = create([{ id: 'agents', path: agnoFile, read_only: true, session_table: 'agno_sessions' }]);
    expect(dbs.list().map((d) => d.id)).toEqual(['default', 'agents']);
    expect(dbs.get('default')).toBe(dbs.default());
    expect(dbs.get('agents').readOnly).toBe(true);
    expect((await dbs.get('agents').info()).sessions).toBe(11);
  });

  it('answers NotFoundError for an unknown id', () => {
    const dbs = create();
    expect(() => dbs.get('nope')).toThrow(new NotFoundError('Database with ID nope not found'));
  });

  it('fails startup with a one-line ConfigError for an unusable file', () => {
    const text = path.join(temp.dir, 'notes.txt');
    fs.writeFileSync(text, 'hello\n'.repeat(50));
    for (const bad of [path.join(temp.dir, 'missing.db'), text]) {
      let error: unknown;
      try {
        create([
          { id: 'agents', path: agnoFile, read_only: true },
          { id: 'bad', path: bad, read_only: true },
        ]);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^database "bad" \(.*\) (does not exist|is not an SQLite file)$/);
    }
    // The failed call closed what it had opened; a new registry on the same files works.
    expect(create().list()).toHaveLength(1);
  });
});

describe('attach and detach', () => {
  it('attaches and detaches at run time', () => {
    const dbs = create();
    const db = dbs.attach({ id: 'agents', path: agnoFile, readOnly: false });
    expect(db.readOnly).toBe(false);
    expect(dbs.get('agents')).toBe(db);
    dbs.detach('agents');
    expect(() => dbs.get('agents')).toThrow(NotFoundError);
    expect(dbs.list().map((d) => d.id)).toEqual(['default']);
  });

  it('refuses a second database with the same id', () => {
    const dbs = create([{ id: 'agents', path: agnoFile, read_only: true }]);
    expect(() => dbs.attach({ id: 'agents', path: agnoFile, readOnly: true })).toThrow(ConflictError);
  });

  it('never detaches the default database and reports unknown ids', () => {
    const dbs = create();
    expect(() => dbs.detach('default')).toThrow(BadRequestError);
    expect(() => dbs.detach('nope')).toThrow(new NotFoundError('Database with ID nope not found'));
  });

  it('leaves the registry unchanged when a file cannot be attached', () => {
    const dbs = create();
    expect(() => dbs.attach({ id: 'x', path: path.join(temp.dir, 'missing.db'), readOnly: true })).toThrow(ConfigError);
    expect(dbs.list()).toHaveLength(1);
  });
});
