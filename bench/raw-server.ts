/**
 * A baseline: raw `node:http` answering a fixed JSON body, with the access log when
 * BENCH_ACCESS_LOG=1. The ceiling any framework on this machine is measured against.
 */
import fs from 'node:fs';
import http from 'node:http';
import { baselineAccessLog } from './access-log.js';

const body = fs.readFileSync(process.argv[2] ?? '');
const accessLog = baselineAccessLog();
const server = http.createServer((req, res) => {
  accessLog?.(req, res);
  if (req.method === 'GET' && req.url === '/run') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
    return;
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`raw serving on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
