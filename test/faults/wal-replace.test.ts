import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/agno/database.js';
import { DatabaseUnavailableError } from '../../server/db/errors.js';
import type { SqliteDatabase } from '../../server/db/types.js';
import { buildAgnoDb, encodeSessionRow } from '../../server/testing/agno-builder.js';
import { makeAgentSession } from '../../server/testing/agno-sessions.js';
import { agentRun } from './support.js';

/**
 * A file in WAL mode replaced by rename while rundesk has it open: SQLite finds a `-wal` by
 * name, and does not remove one whose database was moved away. The `-wal` left at the path is
 * the old file's, and opening the new file would lay the old file's pages over it. The next
 * read after the replace answers from the new file alone, or 503 naming the `-wal` — never the
 * old file's rows, never a mix.
 */

const session = (id: string) => makeAgentSession({ sessionId: id, agentId: 'a1', agentName: 'A', runs: [{ ...agentRun(`${id}-r1`), session_id: id }] });

let dir: string;
let file: string;
let db: SqliteDatabase | undefined;

function insertSession(handle: BetterSqlite3.Database, id: string): void {
  const row = encodeSessionRow(session(id));
  const names = Object.keys(row);
  handle.prepare(`INSERT INTO agno_sessions (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(row);
}

/** A WAL-mode file whose latest session is only in its `-wal` (the agent does not checkpoint). */
function walFileWithUncheckpointedSession(): void {
  buildAgnoDb(file, [session('old-s')]);
  const agent = new BetterSqlite3(file);
  agent.pragma('journal_mode = WAL');
  agent.pragma('wal_autocheckpoint = 0');
  insertSession(agent, 'old-wal-s');
  // rundesk opens it while the agent still has it, so the agent's close leaves the -wal.
  db = openDatabase({ id: 'ag', path: file, readOnly: true, watchIntervalMs: 0 });
  expect(db.store().getSession('old-wal-s', {})).not.toBeNull();
  agent.close();
}

/** The agent's new copy, in WAL mode too (its own -wal checkpointed and gone), renamed over the file. */
function replaceWithWalFile(): void {
  const next = `${file}.next`;
  buildAgnoDb(next, [session('new-s')]);
  const writer = new BetterSqlite3(next);
  writer.pragma('journal_mode = WAL');
  writer.close();
  expect(fs.existsSync(`${next}-wal`)).toBe(false);
  fs.renameSync(next, file);
}

/** What a read answers now: the sessions it sees, or the 503's reason. */
function read(): { sessions: string[] } | { unavailable: string } {
  try {
    const store = (db as SqliteDatabase).store();
    return { sessions: ['old-s', 'old-wal-s', 'new-s'].filter((id) => store.getSession(id, {}) !== null) };
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return { unavailable: error.message };
    throw error;
  }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-wal-replace-'));
  file = path.join(dir, 'agents.db');
});

afterEach(() => {
  db?.close();
  db = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Given an attached WAL-mode file replaced by rename while its -wal holds pages', () => {
  it('When the new file is in WAL mode too, then the next read never mixes the old -wal into it: 503 naming the -wal until it is gone, then the new file alone', () => {
    walFileWithUncheckpointedSession();
    replaceWithWalFile();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);

    const first = read();
    expect(first).toEqual({ unavailable: expect.stringContaining('agents.db-wal') });
    // Asked again (the idle check, the next request): the same answer, nothing opened in between.
    expect(read()).toEqual(first);

    fs.rmSync(`${file}-wal`);
    fs.rmSync(`${file}-shm`, { force: true });
    expect(read()).toEqual({ sessions: ['new-s'] });
  });

  it('When the new file is in rollback-journal mode, then it is refused the same way (the rule before this one)', () => {
    walFileWithUncheckpointedSession();
    const next = `${file}.next`;
    buildAgnoDb(next, [session('new-s')]);
    fs.renameSync(next, file);
    expect(read()).toEqual({ unavailable: expect.stringContaining('agents.db-wal') });
  });

  it('When a -wal of the new file replaces the stale one, then the new file is read with it', () => {
    walFileWithUncheckpointedSession();
    replaceWithWalFile();
    expect('unavailable' in read()).toBe(true);
    fs.rmSync(`${file}-wal`);
    fs.rmSync(`${file}-shm`, { force: true });
    // The new file's own writer starts a -wal of its own beside it.
    const writer = new BetterSqlite3(file);
    writer.pragma('wal_autocheckpoint = 0');
    insertSession(writer, 'new-wal-s');
    try {
      const store = (db as SqliteDatabase).store();
      expect(store.getSession('new-wal-s', {})).not.toBeNull();
      expect(store.getSession('old-wal-s', {})).toBeNull();
    } finally {
      writer.close();
    }
  });
});
