import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { recorded, recordingTokens, replayRecordedCase, title, TRACES_FIXTURE, type RecordedCase } from './traces-replay.js';

/**
 * `AgentOSClient`'s trace reads (`get_traces`, `get_trace`, `get_trace_session_stats`,
 * `search_traces`, and the filter schema its UI reads) replayed against rundesk over the Agno
 * SQLite file the platform answered them from; with user isolation off and on.
 */
describe('Given the platform’s recorded answers to the trace routes over agno-observability.db', () => {
  const servers: Partial<Record<RecordedCase['peer'], { t: TestServer; tokens: Record<string, string> }>> = {};
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-traces-compat-'));
    const file = path.join(dir, 'agno-observability.db');
    fs.copyFileSync(TRACES_FIXTURE, file);
    for (const peer of ['open', 'isolated'] as const) {
      const t = await startTestServer({
        databases: [{ id: recorded.db_id, path: file, read_only: true }],
        auth: { admin_scope: 'agent_os:admin', authorization: true, user_isolation: peer === 'isolated' },
      });
      servers[peer] = { t, tokens: await recordingTokens(t) };
    }
  });
  afterAll(async () => {
    for (const s of Object.values(servers)) await s?.t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(recorded.cases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
    const s = servers[c.peer];
    if (!s) throw new Error(`no server for ${c.peer}`);
    await replayRecordedCase(s.t, s.tokens, c);
  });
});
