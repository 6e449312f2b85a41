/**
 * A baseline: a bare Express 5 route answering a fixed JSON body (no auth, no database), with
 * the access log when BENCH_ACCESS_LOG=1. Runs as its own process and prints its URL.
 */
import fs from 'node:fs';
import express from 'express';
import { baselineAccessLog } from './access-log.js';

const body = fs.readFileSync(process.argv[2] ?? '', 'utf8');
const app = express();
const accessLog = baselineAccessLog();
if (accessLog) app.use(accessLog);
app.get('/run', (_req, res) => {
  res.type('json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`bare serving on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
