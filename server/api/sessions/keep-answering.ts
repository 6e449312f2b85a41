import fs from 'node:fs';
import { answeringDatabase } from '../../db/answering.js';
import type { Database } from '../../db/types.js';
import type { Runtime } from '../../runtime/runtime-types.js';

/**
 * Before a write into the built-in database: when nothing is pinned, the built-in database holds
 * no sessions and an attached database answers reads without `db_id`, that database is pinned
 * (`default_database`, saved) first — otherwise this very write would give the built-in database
 * its first session and move every client without `db_id` away from the data it reads. The
 * answering database never changes by itself. Settings read-only (`--config`): nothing to save,
 * the rule stands as documented.
 */
export async function keepAnsweringDatabase(runtime: Runtime, target: Database): Promise<void> {
  const loaded = runtime.settings();
  if (loaded.settings.default_database !== null || !loaded.writable) return;
  const builtIn = runtime.databases.default();
  if (target !== builtIn || builtIn.holdsSessionsNow?.() !== false) return;
  let reading: Database;
  try {
    reading = answeringDatabase(runtime.caches.holdings, runtime.databases, null, 'read');
  } catch {
    // The answering database is still being asked (PostgreSQL just after a start): nothing to keep yet.
    return;
  }
  if (reading === builtIn) return;
  const input = JSON.parse(fs.readFileSync(loaded.path, 'utf8')) as Record<string, unknown>;
  await runtime.applySettings({ ...input, default_database: reading.id } as Parameters<Runtime['applySettings']>[0]);
}
