/**
 * The baseline for the auth benchmark: a bare Express route answering a fixed JSON body
 * (no auth, no database). Runs as its own process, like the real server, and prints its URL.
 */
import fs from 'node:fs';
import express from 'express';

const body = fs.readFileSync(process.argv[2] ?? '', 'utf8');
const app = express();
app.get('/run', (_req, res) => {
  res.type('json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`bare serving on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
