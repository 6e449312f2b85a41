import express from 'express';
import { ConflictError } from '../../errors.js';
import type { Runtime } from '../../runtime-types.js';
import { DEMO_RUN_PATH, loadSampleData } from './sample-data.js';

/** `POST /desk/sample-data`: the demo set, upserted into the default database. */
export function sampleDataRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  router.post('/sample-data', async (_req, res) => {
    const db = runtime.databases.default();
    if (db.readOnly) throw new ConflictError('The default database is read-only');
    const result = await loadSampleData(db.sessions(), Date.now() / 1000);
    res.json({ db_id: 'default', ...result, example_path: DEMO_RUN_PATH });
  });
  return router;
}
