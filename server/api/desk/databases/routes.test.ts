import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb, makeDemoSessions } from '../../../testing/agno-builder.js';
import { deriveDatabaseId } from './routes.js';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

describe('deriveDatabaseId', () => {
  it('derives a valid, unique id from the file name', () => {
    expect(deriveDatabaseId('/a/agents.db', new Set())).toBe('agents');
    expect(deriveDatabaseId('/a/agents.db', new Set(['agents', 'agents-2']))).toBe('agents-3');
    expect(deriveDatabaseId('/a/My Agents!.sqlite', new Set())).toBe('My-Agents-');
    expect(deriveDatabaseId('/a/default.db', new Set())).toBe('default-db');
    expect(deriveDatabaseId('/a/.db', new Set())).toBe('db');
  });
});

describe('/desk/databases', () => {
  let s: DeskTestServer;
  let agnoFile: string;
  beforeAll(async () => {
    s = await startDeskServer();
    agnoFile = path.join(s.root, 'agents.db');
    buildAgnoDb(agnoFile, makeDemoSessions());
  });
  afterAll(() => s.stop());

  it('lists the built-in database', async () => {
    const r = await s.desk('GET', '/desk/databases');
    expect(r.status).toBe(200);
    expect(r.body.databases).toEqual([expect.objectContaining({ id: 'default', is_default: true, read_only: false })]);
  });

  it('When an Agno file is attached, Then it is listed with its counts and persisted in the settings file', async () => {
    const r = await s.desk('POST', '/desk/databases', { path: agnoFile });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: 'agents', path: agnoFile, read_only: true, default_table: 'agno_sessions', is_default: false });
    expect(r.body.sessions).toBeGreaterThan(0);
    const file = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8'));
    expect(file.databases).toEqual([{ id: 'agents', path: agnoFile, read_only: true }]);
    expect((await s.desk('GET', '/desk/databases')).body.databases.map((d: { id: string }) => d.id)).toEqual(['default', 'agents']);
  });

  it('reports each table\'s layout beside what agno_schema_versions records, flagging a disagreement', async () => {
    const fixtures = path.join(import.meta.dirname, '../../../../test/fixtures/agno3');
    const real = path.join(s.root, 'a3-real.db');
    const upgraded = path.join(s.root, 'a3-upgraded.db');
    const unrecorded = path.join(s.root, 'a3-unrecorded.db');
    fs.copyFileSync(path.join(fixtures, 'agno3-real.db'), real);
    fs.copyFileSync(path.join(fixtures, 'agno3-upgraded.db'), upgraded);
    buildAgnoDb(unrecorded, makeDemoSessions(), { layout: '3.x', table: 'my_sessions', schemaVersions: false });
    const layouts = async (file: string) => {
      const r = await s.desk('POST', '/desk/databases', { path: file });
      expect(r.status).toBe(201);
      return r.body.layouts;
    };
    expect(await layouts(real)).toEqual([
      { table: 'agno_sessions', layout: '3.x', runs_table: 'agno_runs', schema_version: '3.0.0', runs_table_schema_version: '3.0.0', version_agrees: true, note: null },
    ]);
    expect(await layouts(upgraded)).toEqual([
      {
        table: 'agno_sessions',
        layout: '3.x-upgraded',
        runs_table: 'agno_runs',
        schema_version: '2.5.6',
        runs_table_schema_version: '3.0.0',
        version_agrees: false,
        note: expect.stringContaining('without the v3.0.0 migration'),
      },
    ]);
    const [mine] = await layouts(unrecorded);
    expect(mine).toMatchObject({ table: 'my_sessions', layout: '3.x', schema_version: null, version_agrees: false });
    expect(mine.note).toContain('no agno_schema_versions row');
    const listed = (await s.desk('GET', '/desk/databases')).body.databases;
    expect(listed.find((d: { path: string }) => d.path === upgraded).layouts[0].schema_version).toBe('2.5.6');
    expect(listed.find((d: { id: string }) => d.id === 'default').layouts).toEqual([]);
    for (const d of listed.filter((d: { path: string }) => [real, upgraded, unrecorded].includes(d.path))) {
      expect((await s.desk('DELETE', `/desk/databases/${d.id}`)).body).toEqual({ deleted: d.id });
    }
  });

  it('refuses the same file twice, a taken id, missing files, relative paths and non-SQLite files', async () => {
    expect((await s.desk('POST', '/desk/databases', { path: agnoFile })).status).toBe(409);
    const copy = path.join(s.root, 'copy.db');
    fs.copyFileSync(agnoFile, copy);
    expect((await s.desk('POST', '/desk/databases', { path: copy, id: 'agents' })).status).toBe(409);
    expect((await s.desk('POST', '/desk/databases', { path: path.join(s.root, 'none.db') })).status).toBe(422);
    expect((await s.desk('POST', '/desk/databases', { path: 'agents.db' })).status).toBe(422);
    const text = path.join(s.root, 'notes.db');
    fs.writeFileSync(text, 'just text');
    const bad = await s.desk('POST', '/desk/databases', { path: text });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/not an SQLite file/);
    expect((await s.desk('POST', '/desk/databases', { path: copy, id: 'bad id!' })).status).toBe(422);
  });

  it('attaches a second file under a derived unique id', async () => {
    const copy = path.join(s.root, 'sub', 'agents.db');
    fs.mkdirSync(path.dirname(copy));
    fs.copyFileSync(agnoFile, copy);
    const r = await s.desk('POST', '/desk/databases', { path: copy });
    expect(r.status).toBe(201);
    expect(r.body.id).toBe('agents-2');
  });

  it('When a database is detached, Then it leaves the list and the settings file', async () => {
    expect((await s.desk('DELETE', '/desk/databases/agents-2')).body).toEqual({ deleted: 'agents-2' });
    const file = JSON.parse(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8'));
    expect(file.databases.map((d: { id: string }) => d.id)).toEqual(['agents']);
    expect((await s.desk('DELETE', '/desk/databases/agents-2')).status).toBe(404);
    expect((await s.desk('DELETE', '/desk/databases/default')).status).toBe(400);
  });
});
