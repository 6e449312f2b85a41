import fs from 'node:fs';
import { connect } from '../connection.js';

/**
 * An empty Agno 2.x session file (`agno_sessions` with a `runs` column, and the
 * `agno_schema_versions` row), the DDL as SQLAlchemy emits it for Agno's `SqliteDb`, so the file
 * rundesk creates reads in Agno as any file Agno wrote. Used for the sample data's own database
 * (`demo`), which must never be the built-in one. Refuses to touch a file that exists.
 */
export function createAgnoSessionFile(file: string, now: Date = new Date()): void {
  if (fs.existsSync(file)) throw new Error(`${file} exists`);
  const handle = connect(file, { readOnly: false, create: true, wal: false });
  try {
    handle.transaction(() => {
      for (const statement of agnoSessionTableDdl('agno_sessions')) handle.exec(statement);
      for (const statement of AGNO_SCHEMA_VERSIONS_DDL) handle.exec(statement);
      // Agno stores a naive local ISO time here; UTC without the zone is what it reads back alike.
      const at = now.toISOString().replace('Z', '').replace(/\.\d+$/, '');
      handle.prepare('INSERT INTO agno_schema_versions (table_name, version, created_at, updated_at) VALUES (?, ?, ?, ?)').run('agno_sessions', '2.5.6', at, at);
    })();
  } finally {
    handle.close();
  }
}

/** `CREATE TABLE` text of an Agno session table as SQLAlchemy emits it (tabs, a space after each comma). */
export function agnoSessionTableDdl(table: string, withRunsColumn = true): string[] {
  const columns = [
    'session_id VARCHAR NOT NULL',
    'session_type VARCHAR NOT NULL',
    'agent_id VARCHAR',
    'team_id VARCHAR',
    'workflow_id VARCHAR',
    'user_id VARCHAR',
    'session_data JSON',
    'agent_data JSON',
    'team_data JSON',
    'workflow_data JSON',
    'metadata JSON',
    ...(withRunsColumn ? ['runs JSON'] : []),
    'summary JSON',
    'created_at BIGINT NOT NULL',
    'updated_at BIGINT',
    'PRIMARY KEY (session_id)',
  ];
  return [
    `CREATE TABLE ${table} (\n${columns.map((c) => `\t${c}`).join(', \n')}\n)`,
    `CREATE INDEX idx_${table}_session_type ON ${table} (session_type)`,
    `CREATE INDEX idx_${table}_created_at ON ${table} (created_at)`,
  ];
}

/** Agno's `agno_schema_versions` table (Agno ≥ 2.3). */
export const AGNO_SCHEMA_VERSIONS_DDL = [
  'CREATE TABLE agno_schema_versions (\n\ttable_name VARCHAR NOT NULL, \n\tversion VARCHAR NOT NULL, \n\t' +
    'created_at VARCHAR NOT NULL, \n\tupdated_at VARCHAR, \n\tPRIMARY KEY (table_name)\n)',
  'CREATE INDEX idx_agno_schema_versions_created_at ON agno_schema_versions (created_at)',
];
