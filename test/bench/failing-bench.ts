/**
 * A benchmark that fails after starting a server, for run-failure.test.ts: the server stays up
 * (as a rundesk server does) and the failure comes from the benchmark itself.
 */
import { runBench, spawnServer } from '../../bench/harness.js';

runBench(async () => {
  const server = await spawnServer(['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port); })"]);
  process.stdout.write(`server pid ${String(server.child.pid)}\n`);
  throw new Error('the benchmark failed on purpose');
});
