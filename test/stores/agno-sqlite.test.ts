import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGNO_LAYOUTS, buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer } from '../../server/testing/server-harness.js';
import { describeRunEndpoint } from './run-endpoint-suite.js';

for (const [layout, readOnly] of AGNO_LAYOUTS.flatMap((l) => [[l, false], [l, true]] as const)) {
  describeRunEndpoint(`an attached Agno ${layout} SQLite file (${readOnly ? 'read-only' : 'writable'})`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-suite-'));
    const file = path.join(dir, 'agents.db');
    buildAgnoDb(file, makeDemoSessions(), { layout });
    const t = await startTestServer({ databases: [{ id: 'agents', path: file, read_only: readOnly }] });
    return {
      t,
      db: '&db_id=agents',
      writable: !readOnly,
      close: async () => {
        await t.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
