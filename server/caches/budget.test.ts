import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../testing/agno-builder.js';
import { makeAgentSession } from '../testing/agno-sessions.js';
import { startTestServer, type TestServer } from '../testing/server-harness.js';

/** Issue 21: every cache is bounded by bytes within `cache_budget_mb`, applied as soon as settings are saved. */

interface CacheStats {
  entries: number;
  bytes: number;
  max_bytes: number | null;
  evictions: number;
}
interface Memory {
  budget_bytes: number;
  used_bytes: number;
  caches: Record<string, CacheStats>;
  bound: { bytes: number; idle_rss_bytes: number; budget_bytes: number; sqlite_page_cache_bytes: number; reading_bytes: number; largest_value_bytes: number; search_bytes: number; largest_search_documents_bytes: number; rss_bytes: number };
}

const MB = 1024 * 1024;
const RUNS = 120;

async function desk(t: TestServer, method: string, p: string, body?: unknown): Promise<Response> {
  return fetch(`${t.baseUrl}${p}`, {
    method,
    headers: { 'x-desk-token': t.server.deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function memoryOf(t: TestServer): Promise<Memory> {
  const res = await desk(t, 'GET', '/desk/databases');
  expect(res.status).toBe(200);
  return ((await res.json()) as { memory: Memory }).memory;
}

function withinShares(memory: Memory): void {
  for (const [name, cache] of Object.entries(memory.caches)) {
    expect(cache.max_bytes, name).not.toBeNull();
    expect(cache.bytes, name).toBeLessThanOrEqual(cache.max_bytes ?? 0);
  }
  const shares = Object.values(memory.caches).reduce((sum, c) => sum + (c.max_bytes ?? 0), 0);
  expect(shares).toBeLessThanOrEqual(memory.budget_bytes);
  expect(memory.used_bytes).toBeLessThanOrEqual(memory.budget_bytes);
}

describe('Given a server with a 64 MiB cache budget and an attached session of large runs', () => {
  let dir: string;
  let t: TestServer;
  let token: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-budget-'));
    file = path.join(dir, 'agents.db');
    // 120 runs of 20 KB: 2.4 MB of serialized run answers, more than the run GET's share of 16 MiB.
    const runs = Array.from({ length: RUNS }, (_, i) => ({
      run_id: `r${i}`,
      agent_id: 'a1',
      session_id: 's1',
      status: 'COMPLETED',
      content: `${i} ${'x'.repeat(20_000)}`,
      created_at: 1_771_000_000 + i,
    }));
    buildAgnoDb(file, [makeAgentSession({ sessionId: 's1', agentId: 'a1', agentName: 'A', runs })]);
    t = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: true }], cache_budget_mb: 64 });
    token = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When many distinct requests are allowed, then the decision memo is bounded by its byte share and counted in the budget', async () => {
    for (let i = 0; i < RUNS; i++) {
      const res = await t.get(`/sessions/s1/runs/r${i}?db_id=ag`, token);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const memory = await memoryOf(t);
    const decisions = memory.caches['decisions'] as CacheStats;
    expect(decisions.entries).toBe(RUNS);
    expect(decisions.bytes).toBeGreaterThan(RUNS * 300);
    expect(decisions.max_bytes).toBe(Math.floor(64 * MB * 0.035));
    expect(memory.caches['holdings']?.bytes).toBeGreaterThan(0);
    expect(memory.caches['run_bodies']?.entries).toBe(RUNS);
    withinShares(memory);
  });

  it('When a smaller cache_budget_mb is saved, then it is in force at once: the caches are evicted down to their new shares', async () => {
    const before = await memoryOf(t);
    expect(before.caches['run_bodies']?.bytes).toBeGreaterThan(2 * MB);
    const settings = JSON.parse(fs.readFileSync(t.settingsPath, 'utf8')) as Record<string, unknown>;
    const res = await desk(t, 'PUT', '/desk/settings', { ...settings, cache_budget_mb: 16 });
    expect(res.status).toBe(200);

    const after = await memoryOf(t);
    expect(after.budget_bytes).toBe(16 * MB);
    expect(after.bound.budget_bytes).toBe(16 * MB);
    withinShares(after);
    const bodies = after.caches['run_bodies'] as CacheStats;
    expect(bodies.max_bytes).toBe(Math.floor(16 * MB * 0.1));
    expect(bodies.entries).toBeGreaterThan(0);
    expect(bodies.entries).toBeLessThan(RUNS);
    expect(bodies.evictions).toBeGreaterThan(0);
    // The session's runs index still fits its new share and is kept.
    expect(after.caches['sqlite_runs']?.entries).toBe(1);

    // The most recently read runs were kept: reading them again is served from the cache.
    const hitsBefore = (after.caches['run_bodies'] as CacheStats & { hits: number }).hits;
    const again = await t.get(`/sessions/s1/runs/r${RUNS - 1}?db_id=ag`, token);
    expect(again.status).toBe(200);
    const later = await memoryOf(t);
    expect((later.caches['run_bodies'] as CacheStats & { hits: number }).hits).toBe(hitsBefore + 1);
  });

  it('When a larger budget is saved, then every share grows and nothing more is evicted', async () => {
    const before = await memoryOf(t);
    const settings = JSON.parse(fs.readFileSync(t.settingsPath, 'utf8')) as Record<string, unknown>;
    const res = await desk(t, 'PUT', '/desk/settings', { ...settings, cache_budget_mb: 128 });
    expect(res.status).toBe(200);
    const after = await memoryOf(t);
    expect(after.budget_bytes).toBe(128 * MB);
    expect(after.caches['run_bodies']?.max_bytes).toBe(Math.floor(128 * MB * 0.1));
    expect(after.caches['run_bodies']?.entries).toBe(before.caches['run_bodies']?.entries);
    expect(after.caches['run_bodies']?.evictions).toBe(before.caches['run_bodies']?.evictions);
    withinShares(after);
  });

  it('Then /desk/databases states the memory bound term by term', async () => {
    const { bound } = await memoryOf(t);
    const storedRuns = fs.statSync(file).size;
    expect(bound.idle_rss_bytes).toBeGreaterThan(0);
    expect(bound.sqlite_page_cache_bytes).toBe(2 * MB + 16 * MB);
    // The session's stored runs value was read (its bytes lie in the file).
    expect(bound.largest_value_bytes).toBeGreaterThan(RUNS * 20_000);
    expect(bound.largest_value_bytes).toBeLessThan(storedRuns);
    expect(bound.reading_bytes).toBe(2 * bound.largest_value_bytes);
    expect(bound.search_bytes).toBe(2 * bound.largest_search_documents_bytes);
    expect(bound.bytes).toBe(bound.idle_rss_bytes + bound.budget_bytes + bound.sqlite_page_cache_bytes + bound.reading_bytes + bound.search_bytes);
    expect(bound.rss_bytes).toBeGreaterThan(0);
  });
});
