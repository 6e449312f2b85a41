import type { Migration } from '../migrate.js';

/**
 * The native layout of `<data-dir>/rundesk.db`: one row per session and one per run, keyed
 * (session_id, run_id), so fetching a run is one primary-key probe however long the session.
 * Listing columns (name, counts, tokens) are kept current on write so listings never read
 * run bodies. Never edit this text once released: add a new migration instead.
 */
export const migration: Migration = {
  name: '0001_init',
  sql: `
CREATE TABLE sessions (
  session_id    TEXT NOT NULL PRIMARY KEY,
  session_type  TEXT NOT NULL CHECK (session_type IN ('agent', 'team', 'workflow')),
  agent_id      TEXT,
  team_id       TEXT,
  workflow_id   TEXT,
  user_id       TEXT,
  session_data  TEXT,
  agent_data    TEXT,
  team_data     TEXT,
  workflow_data TEXT,
  metadata      TEXT,
  summary       TEXT,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER,
  session_name  TEXT NOT NULL DEFAULT '',
  name_position INTEGER,
  run_count     INTEGER NOT NULL DEFAULT 0,
  run_tokens    INTEGER,
  next_position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_by_created ON sessions (created_at, session_id);
CREATE INDEX sessions_by_type ON sessions (session_type, created_at, session_id);
CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
CREATE INDEX sessions_by_agent ON sessions (agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX sessions_by_team ON sessions (team_id) WHERE team_id IS NOT NULL;
CREATE INDEX sessions_by_workflow ON sessions (workflow_id) WHERE workflow_id IS NOT NULL;

CREATE TABLE runs (
  session_id    TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
  run_id        TEXT NOT NULL,
  position      INTEGER NOT NULL,
  parent_run_id TEXT,
  agent_id      TEXT,
  team_id       TEXT,
  workflow_id   TEXT,
  user_id       TEXT,
  status        TEXT,
  created_at    NUMERIC,
  total_tokens  INTEGER,
  run           TEXT NOT NULL,
  PRIMARY KEY (session_id, run_id)
);
CREATE UNIQUE INDEX runs_by_position ON runs (session_id, position);
`,
};
