import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Sessions with equal sort keys, paged: each page must hold the sessions AgentOS's page holds.
 * AgentOS lists with `SELECT * … ORDER BY <column> <dir> LIMIT ? OFFSET ?` and no second key, so
 * ties come in whatever order SQLite's plan gives on the file: along Agno's `created_at` index
 * (row order, in the direction asked) or through a sort (row order, ascending) when a
 * `session_type` filter reads by its own index. The same query is run here on the same file.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let t: TestServer;
let token: string;
let file: string;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-ties-'));
  file = path.join(dir, 'ties.db');
  fs.copyFileSync(path.join(here, '..', 'fixtures', 'agno3', 'agno3-real.db'), file);
  const db = new Database(file);
  // Every session created in the same second, as a burst of clients or a bulk import writes them.
  db.prepare('UPDATE agno_sessions SET created_at = 1795563200').run();
  db.close();
  t = await startTestServer({ default_database: 'ties', databases: [{ id: 'ties', path: file, read_only: true }] });
  token = await t.token({ scopes: ['platform:admin'] });
});

afterAll(async () => {
  await t?.stop();
});

/** The platform's listing query on the file (Agno's SqliteDb.get_sessions, as SQLAlchemy writes it). */
function platformPage(type: string | null, order: 'asc' | 'desc', limit: number, page: number): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const where = type ? 'WHERE agno_sessions.session_type = ?' : '';
    const sql = `SELECT * FROM agno_sessions ${where} ORDER BY agno_sessions.created_at ${order.toUpperCase()} LIMIT ? OFFSET ?`;
    const rows = db.prepare(sql).all(...(type ? [type] : []), limit, (page - 1) * limit) as Array<{ session_id: string }>;
    return rows.map((r) => r.session_id);
  } finally {
    db.close();
  }
}

describe('Given sessions that share created_at, in an Agno SQLite file', () => {
  // Failed before: ties were ordered by session_id (e.g. type=agent, desc: chat, bob-1, ada-2, ada-1 where AgentOS gives ada-1, ada-2, bob-1, chat).
  it.each([
    [null, 'desc'],
    [null, 'asc'],
    ['agent', 'desc'],
    ['agent', 'asc'],
  ] as const)('When listed with type=%s, sort_order=%s, page by page, Then every page holds what AgentOS\'s query gives', async (type, order) => {
    for (const page of [1, 2, 3]) {
      const query = `/sessions?${type ? `type=${type}&` : ''}sort_order=${order}&limit=2&page=${page}`;
      const body = (await (await t.get(query, token)).json()) as { data: Array<{ session_id: string }> };
      expect(body.data.map((s) => s.session_id), query).toEqual(platformPage(type, order, 2, page));
    }
  });
});
