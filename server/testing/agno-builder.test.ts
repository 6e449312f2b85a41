import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { connect } from '../db/connection.js';
import { AGNO_SCHEMA_VERSION, buildAgnoDb, DEMO, encodeSessionRow, makeDemoSessions, pythonJsonDumps } from './agno-builder.js';
import { makeTempDir } from './temp-dir.js';

let temp: ReturnType<typeof makeTempDir>;

beforeEach(() => {
  temp = makeTempDir();
});

afterEach(() => {
  temp.remove();
});

function schema(file: string): Array<{ type: string; name: string; sql: string | null }> {
  const handle = connect(file, { readOnly: true });
  try {
    return handle.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY rowid').all() as Array<{ type: string; name: string; sql: string | null }>;
  } finally {
    handle.close();
  }
}

describe('buildAgnoDb', () => {
  it('writes the DDL SQLAlchemy emits for agno_sessions and agno_schema_versions', () => {
    const file = path.join(temp.dir, 'agno.db');
    buildAgnoDb(file, []);
    const sql = schema(file).map((r) => r.sql);
    expect(sql[0]).toBe(
      'CREATE TABLE agno_sessions (\n\tsession_id VARCHAR NOT NULL, \n\tsession_type VARCHAR NOT NULL, \n\tagent_id VARCHAR, \n\t' +
        'team_id VARCHAR, \n\tworkflow_id VARCHAR, \n\tuser_id VARCHAR, \n\tsession_data JSON, \n\tagent_data JSON, \n\t' +
        'team_data JSON, \n\tworkflow_data JSON, \n\tmetadata JSON, \n\truns JSON, \n\tsummary JSON, \n\t' +
        'created_at BIGINT NOT NULL, \n\tupdated_at BIGINT, \n\tPRIMARY KEY (session_id)\n)',
    );
    expect(sql).toContain('CREATE INDEX idx_agno_sessions_session_type ON agno_sessions (session_type)');
    expect(sql).toContain('CREATE INDEX idx_agno_sessions_created_at ON agno_sessions (created_at)');
    expect(sql).toContain('CREATE INDEX idx_agno_schema_versions_created_at ON agno_schema_versions (created_at)');
  });

  it('names the table and its indexes after the configured session table', () => {
    const file = path.join(temp.dir, 'agno.db');
    buildAgnoDb(file, [], { table: 'my_sessions', schemaVersions: false });
    expect(schema(file).map((r) => r.name)).toEqual(['my_sessions', 'sqlite_autoindex_my_sessions_1', 'idx_my_sessions_session_type', 'idx_my_sessions_created_at']);
  });

  it('records the session table in agno_schema_versions', () => {
    const file = path.join(temp.dir, 'agno.db');
    buildAgnoDb(file, makeDemoSessions());
    const handle = connect(file, { readOnly: true });
    const row = handle.prepare('SELECT * FROM agno_schema_versions').get() as Record<string, string>;
    handle.close();
    expect(row).toMatchObject({ table_name: 'agno_sessions', version: AGNO_SCHEMA_VERSION });
    expect(row['created_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
  });

  it('encodes each column as agno does for its session type', () => {
    const sessions = makeDemoSessions();
    const team = encodeSessionRow(sessions.find((s) => s.session_id === DEMO.teamStored)!);
    expect(team).toMatchObject({ agent_data: null, workflow_data: null, metadata: 'null', summary: 'null' });
    expect(team['team_data']).toBe(pythonJsonDumps(pythonJsonDumps({ name: 'Research Team', team_id: 'research-team', model: { name: 'OpenAIChat', id: 'gpt-4o', provider: 'OpenAI' } })));
    const workflow = encodeSessionRow(sessions.find((s) => s.session_id === DEMO.workflowEvents)!);
    expect(workflow).toMatchObject({ agent_data: null, team_data: null, metadata: '"{}"', summary: 'null' });
    const empty = encodeSessionRow(sessions.find((s) => s.session_id === DEMO.agentEmpty)!);
    expect(empty).toMatchObject({ runs: 'null', agent_data: 'null', session_data: '"{\\"session_name\\": \\"Onboarding checklist\\"}"' });
  });

  it('builds the same bytes from the same sessions', () => {
    const a = path.join(temp.dir, 'a.db');
    const b = path.join(temp.dir, 'b.db');
    buildAgnoDb(a, makeDemoSessions());
    buildAgnoDb(b, makeDemoSessions());
    const hash = (p: string) => createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    expect(hash(a)).toBe(hash(b));
    expect(makeDemoSessions()).toEqual(makeDemoSessions());
  });

  it('replaces a file already at the path', () => {
    const file = path.join(temp.dir, 'agno.db');
    fs.writeFileSync(file, 'old contents');
    buildAgnoDb(file, makeDemoSessions().slice(0, 1));
    const handle = connect(file, { readOnly: true });
    expect(handle.prepare('SELECT count(*) AS n FROM agno_sessions').get()).toEqual({ n: 1 });
    handle.close();
  });
});
