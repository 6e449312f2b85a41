import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/connection.js';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { addGeneratedTraces } from '../../server/testing/agno-traces.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Issue 29 items 5 and 10: a trace whose span chain is 30,000 levels deep answers (it was a 500
 * from 1,500 levels on: the span tree was built, and written, by recursion), on the trace GET and
 * on `POST /traces/search` grouped by run; spans whose parent links form a cycle are shown,
 * flagged `parent_cycle`, instead of vanishing.
 */

// Deep enough to overflow any recursion on Node's default stack — V8's JSON.stringify gives up
// near 2,000 levels of such nodes, a bare one-argument recursive function near 16,000 — so the
// tree builder and the writer are proven iterative. Cost is linear in the depth: 100,000 levels
// proved nothing more and took three times as long.
const DEPTH = 30_000;
interface Node {
  id: string;
  spans?: Node[];
  parent_cycle?: boolean;
}

/** The chain's node ids from the top, walked without recursion; fails on a node with two children. */
function chainIds(top: Node): string[] {
  const ids: string[] = [];
  let at: Node | undefined = top;
  while (at) {
    ids.push(at.id);
    // One plain comparison per level, and expect only when it fails (30,000 expect calls cost seconds).
    if ((at.spans?.length ?? 0) > 1) expect(at.spans, `node ${at.id} has more than one child`).toHaveLength(1);
    at = at.spans?.[0];
  }
  return ids;
}

describe('Given an Agno file holding a 30,000-level span chain and a cycle of parent links', () => {
  let t: TestServer;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-deep-traces-'));
    const file = path.join(dir, 'agno.db');
    buildAgnoDb(file, makeDemoSessions());
    addGeneratedTraces(file, 2);
    const handle = connect(file, { readOnly: false });
    const at = (ms: number) => new Date(Date.UTC(2026, 4, 1) + ms).toISOString().replace('Z', '000+00:00');
    const span = handle.prepare("INSERT INTO agno_spans VALUES (?, ?, ?, ?, 'INTERNAL', 'OK', NULL, ?, ?, 1, ?, ?)");
    const attributes = JSON.stringify({ 'openinference.span.kind': 'TOOL', 'tool.name': 'step' });
    handle.transaction(() => {
      handle.prepare("INSERT INTO agno_traces VALUES ('deep', 'Deep.run', 'OK', ?, ?, 100, 'run-deep', 'session-0', 'user-0', 'agent-0', NULL, NULL, ?)").run(at(0), at(DEPTH + 10), at(0));
      span.run('d0', 'deep', null, 'root', at(0), at(DEPTH + 10), JSON.stringify({ 'openinference.span.kind': 'AGENT' }), at(0));
      for (let i = 1; i < DEPTH; i++) span.run(`d${i}`, 'deep', `d${i - 1}`, `level ${i}`, at(i), at(i + 1), attributes, at(i));
      // c1 ⇄ c2 point at each other; c3 hangs under c1; o1's parent is not in the trace at all.
      span.run('c1', 'deep', 'c2', 'cycle one', at(5), at(6), attributes, at(5));
      span.run('c2', 'deep', 'c1', 'cycle two', at(7), at(8), attributes, at(7));
      span.run('c3', 'deep', 'c1', 'under the cycle', at(9), at(10), attributes, at(9));
      span.run('o1', 'deep', 'missing', 'orphan', at(9), at(10), attributes, at(9));
    })();
    handle.close();
    t = await startTestServer({ databases: [{ id: 'agno', path: file, read_only: true }] });
    token = await t.token();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When the trace is read, Then its whole chain is one tree, and the cycle is one more tree, flagged (items 5, 10)', async () => {
    const res = await t.get('/traces/deep?db_id=agno', token);
    expect(res.status).toBe(200);
    const text = await res.text();
    const trace = JSON.parse(text) as { tree: Node[] };
    expect(trace.tree).toHaveLength(2);
    const [root, cycle] = trace.tree as [Node, Node];
    const ids = chainIds(root);
    expect(ids).toHaveLength(DEPTH);
    expect(ids.at(-1)).toBe(`d${DEPTH - 1}`);
    expect(cycle).toMatchObject({ id: 'c1', parent_cycle: true, spans: [{ id: 'c2', parent_cycle: true }, { id: 'c3' }] });
    expect(cycle.spans?.[1]?.parent_cycle).toBeUndefined();
    expect(text).not.toContain('"o1"');
  }, 120_000);

  it('When traces are searched grouped by run, Then the page holding the deep trace answers too (item 5)', async () => {
    const res = await t.post('/traces/search?db_id=agno', { group_by: 'run', limit: 10 }, token);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: Array<{ trace_id: string; tree: Node[] }> };
    const deep = page.data.find((d) => d.trace_id === 'deep');
    expect(deep).toBeDefined();
    expect(chainIds(deep?.tree[0] as Node)).toHaveLength(DEPTH);
    expect(page.data).toHaveLength(3);
  }, 120_000);
});
