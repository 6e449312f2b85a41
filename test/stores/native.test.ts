import { startTestServer } from '../../server/testing/server-harness.js';
import { describeRunEndpoint, ingestDemo } from './run-endpoint-suite.js';

describeRunEndpoint('the native default database', async () => {
  const t = await startTestServer();
  await ingestDemo(t, await t.token(), '');
  return { t, db: '&db_id=default', writable: true, close: () => t.stop() };
});
