import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../testing/agno-builder.js';
import { makeAgentSession } from '../testing/agno-sessions.js';
import { startTestServer, type TestServer } from '../testing/server-harness.js';

/** Issue 20: every cache belongs to one server; two servers in one process share none. */

interface CacheStats {
  entries: number;
  bytes: number;
  max_bytes: number | null;
}
interface Memory {
  budget_bytes: number;
  used_bytes: number;
  caches: Record<string, CacheStats>;
}

async function memoryOf(t: TestServer): Promise<Memory> {
  const res = await fetch(`${t.baseUrl}/desk/databases`, { headers: { 'x-desk-token': t.server.deskToken } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { memory: Memory }).memory;
}

describe('Given two servers in one process attaching the same Agno file', () => {
  let dir: string;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-caches-'));
    const file = path.join(dir, 'agents.db');
    const runs = Array.from({ length: 5 }, (_, i) => ({ run_id: `r${i}`, agent_id: 'a1', session_id: 's1', status: 'COMPLETED', content: `answer ${i}`, created_at: 1_771_000_000 + i }));
    buildAgnoDb(file, [makeAgentSession({ sessionId: 's1', agentId: 'a1', agentName: 'A', runs })]);
    a = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: true }], cache_budget_mb: 64 });
    b = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: true }] });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When one server reads runs, then only its own caches hold them, within its own budget', async () => {
    const token = await a.token();
    for (const run of ['r0', 'r1', 'r2']) {
      const res = await a.get(`/sessions/s1/runs/${run}?db_id=ag`, token);
      expect(res.status).toBe(200);
    }
    const mine = await memoryOf(a);
    const theirs = await memoryOf(b);
    expect(mine.caches['sqlite_runs']?.entries).toBe(1);
    expect(mine.caches['run_bodies']?.entries).toBe(3);
    expect(mine.caches['tokens']?.entries).toBe(1);
    for (const name of ['sqlite_runs', 'run_bodies', 'tokens', 'decisions']) expect(theirs.caches[name]?.entries).toBe(0);

    expect(mine.budget_bytes).toBe(64 * 1024 * 1024);
    expect(theirs.budget_bytes).toBe(256 * 1024 * 1024);
    const shares = Object.values(mine.caches).reduce((sum, c) => sum + (c.max_bytes ?? 0), 0);
    expect(shares).toBeLessThanOrEqual(mine.budget_bytes);
    expect(mine.used_bytes).toBeGreaterThan(0);
    expect(mine.used_bytes).toBeLessThanOrEqual(mine.budget_bytes);
  });

  it('When a server detaches the file, then everything its caches built on it is dropped', async () => {
    const res = await fetch(`${a.baseUrl}/desk/databases/ag`, { method: 'DELETE', headers: { 'x-desk-token': a.server.deskToken } });
    expect(res.status).toBeLessThan(300);
    const mine = await memoryOf(a);
    expect(mine.caches['sqlite_runs']?.entries).toBe(0);
    expect(mine.caches['run_bodies']?.entries).toBe(0);
  });
});
