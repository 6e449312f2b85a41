import fs from 'node:fs';
import path from 'node:path';
import { createAgnoSessionFile } from '../../db/agno/new-file.js';
import { ConflictError } from '../../errors.js';
import { defineRoute, json } from '../../http/route.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import type { DatabaseEntry } from '../../settings/schema.js';
import { DEMO_RUN_PATH, loadSampleData } from './sample-data.js';
import { DeskSampleDataResponseSchema } from './schemas.js';
import { baseSettingsInput, readOnlyReason } from './settings/file.js';

/** The sample data's own database: its id and its file in the data folder. */
export const SAMPLE_DATABASE_ID = 'demo';
export const SAMPLE_DATABASE_FILE = 'demo.db';

/**
 * The database the sample data goes into: `demo`, an Agno file in the data folder, attached (and
 * created) on first use. Never the built-in database, and attaching it never touches
 * `default_database`: loading sample data must not change which database answers requests
 * without `db_id` (an agent-ui user, who never sends one, would see their own sessions vanish).
 */
async function sampleDatabase(runtime: Runtime) {
  const file = path.join(runtime.dataDir, SAMPLE_DATABASE_FILE);
  const attached = runtime.databases.list().find((db) => db.id === SAMPLE_DATABASE_ID);
  if (attached) {
    if (path.resolve(attached.path) !== file) {
      throw new ConflictError(`A database with ID ${SAMPLE_DATABASE_ID} is already attached (${attached.path}); sample data goes only into ${file}`);
    }
    if (attached.readOnly) throw new ConflictError(`The sample database ${SAMPLE_DATABASE_ID} is attached read-only`);
    return attached;
  }
  const reason = readOnlyReason(runtime.settings());
  if (reason) throw new ConflictError(`Sample data needs its own database (${SAMPLE_DATABASE_ID}), and ${reason}`);
  if (!fs.existsSync(file)) createAgnoSessionFile(file);
  const base = baseSettingsInput(runtime.settings());
  const entries = (base.databases ?? []) as DatabaseEntry[];
  await runtime.applySettings({ ...base, databases: [...entries, { id: SAMPLE_DATABASE_ID, path: file, read_only: false }] });
  return runtime.databases.get(SAMPLE_DATABASE_ID);
}

/** `POST /desk/sample-data`: the demo set, upserted into its own database `demo`. */
export const sampleDataRoutes = [
  defineRoute({
    method: 'post',
    path: '/sample-data',
    operationId: 'desk_load_sample_data',
    tags: ['Workbench'],
    summary:
      'Load the demo sessions into their own database, demo (created and attached on first use; never the built-in one, and default_database is left as it is); idempotent',
    answers: { 200: { description: 'Counts', schema: DeskSampleDataResponseSchema } },
    errors: [409],
    scopes: 'public',
    deskView: false,
    async handle(_input, { runtime }) {
      const db = await sampleDatabase(runtime);
      const result = await loadSampleData(db.sessions(), Date.now() / 1000);
      return json({ db_id: SAMPLE_DATABASE_ID, ...result, example_path: DEMO_RUN_PATH });
    },
  }),
];
