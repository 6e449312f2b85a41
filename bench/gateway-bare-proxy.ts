/**
 * The baseline of the gateway benchmark: a bare http-proxy-3 proxy (the same library and agent
 * settings rundesk uses) in front of the same upstream, without auth, logging or anything else.
 */
import http from 'node:http';
import { createProxyServer } from 'http-proxy-3';

const target = process.argv[2] ?? '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const proxy = createProxyServer({ target, agent, xfwd: true, changeOrigin: true });
proxy.on('error', (_err, _req, res) => {
  if (res instanceof http.ServerResponse && !res.headersSent) res.writeHead(502).end();
});
const server = http.createServer((req, res) => proxy.web(req, res));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`bare proxy serving on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
