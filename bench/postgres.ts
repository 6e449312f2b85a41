/**
 * `npm run bench:pg`: GET run from a 1-run and a 10,000-run session (~5 KB runs) in an Agno
 * PostgreSQL table, beside the same sessions in an attached Agno SQLite file, in one rundesk
 * process. PostgreSQL runs in a throwaway cluster on loopback (the test harness's). Results in
 * bench/results/postgres.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { buildAgnoPostgres } from '../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster } from '../server/testing/postgres-cluster.js';
import { makeLargeAgentSession } from './data.js';
import { BENCH_SETTINGS, type CaseResult, measure, ROOT, runBench, spawnServer, stopChild, writeResult } from './harness.js';

async function main(): Promise<void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries found (apt-get install postgresql, or set PG_BIN)');
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-pg-'));
  const cluster = await startPostgresCluster(bin);
  try {
    process.stdout.write('Preparing a 1-run and a 10,000-run session in PostgreSQL and in an Agno SQLite file...\n');
    const small = makeLargeAgentSession(1);
    const big = makeLargeAgentSession(10_000);
    const sessions = [
      { ...small.session, session_id: 'one-run' },
      { ...big.session, session_id: 'ten-thousand' },
    ];
    await buildAgnoPostgres(cluster.url, sessions);
    const sqliteFile = path.join(dir, 'agno.db');
    buildAgnoDb(sqliteFile, sessions);
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const settingsPath = path.join(dir, 'settings.json');
    fs.writeFileSync(
      settingsPath,
      JSON.stringify({
        auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' },
        databases: [
          { id: 'pg', url_env: 'BENCH_PG_URL' },
          { id: 'sqlite', path: sqliteFile },
        ],
      }),
    );
    const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data'), '--port', '0'], {
      RUNDESK_LOG_LEVEL: 'warn',
      BENCH_PG_URL: cluster.url,
    });
    const token = await new SignJWT({ scopes: ['platform:admin'] })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('bench')
      .setAudience('rundesk-local')
      .setExpirationTime('2h')
      .sign(privateKey);
    const headers = { authorization: `Bearer ${token}` };
    const results: CaseResult[] = [];
    const run = (db: string, session: string, runId: string) => `${server.url}/sessions/${session}/runs/${runId}?db_id=${db}`;
    for (const db of ['pg', 'sqlite']) {
      results.push(await measure(`GET run, ${db}, 1-run session`, { url: run(db, 'one-run', small.runIds[0] ?? ''), headers }));
      results.push(await measure(`GET run, ${db}, 10,000-run session`, { url: run(db, 'ten-thousand', big.runIds[5000] ?? ''), headers }));
    }
    // The cases above ask for one run over and over, so after the first request they measure the
    // run cache. Here every request asks for the next of the 10,000 runs: cycling through more runs
    // than the cache holds, each answer is a fresh extraction inside PostgreSQL.
    let next = 0;
    const nextRunPath = () => new URL(run('pg', 'ten-thousand', big.runIds[next++ % big.runIds.length] ?? '')).pathname + '?db_id=pg';
    results.push(
      await measure('GET run, pg, 10,000-run session, uncached', {
        url: server.url,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextRunPath() }) }],
      }),
    );
    // The same with one connection: the cost of one extraction without requests queueing behind it.
    results.push(
      await measure('GET run, pg, 10,000-run session, uncached, 1 connection', {
        url: server.url,
        headers,
        connections: 1,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextRunPath() }) }],
      }),
    );
    await stopChild(server.child);
    const p50 = (name: string) => results.find((r) => r.name === name)?.latency_p50_ms ?? NaN;
    const mean = (name: string) => results.find((r) => r.name === name)?.latency_mean_ms ?? NaN;
    const ratio = (a: number, b: number) => +(a / Math.max(b, 0.001)).toFixed(2);
    const summary = {
      p50_ratio_10000_vs_1_postgres: ratio(p50('GET run, pg, 10,000-run session'), p50('GET run, pg, 1-run session')),
      p50_ratio_10000_uncached_vs_1_postgres: ratio(p50('GET run, pg, 10,000-run session, uncached'), p50('GET run, pg, 1-run session')),
      p50_ratio_10000_vs_1_sqlite: ratio(p50('GET run, sqlite, 10,000-run session'), p50('GET run, sqlite, 1-run session')),
      // p50 is whole milliseconds and often 0 here; the means show the sub-millisecond ratio.
      mean_ratio_10000_vs_1_postgres: ratio(mean('GET run, pg, 10,000-run session'), mean('GET run, pg, 1-run session')),
      mean_ratio_10000_uncached_vs_1_postgres: ratio(mean('GET run, pg, 10,000-run session, uncached'), mean('GET run, pg, 1-run session')),
    };
    const out = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...BENCH_SETTINGS, results, summary };
    const file = writeResult('postgres.json', out);
    process.stdout.write(`\n${JSON.stringify(summary, null, 2)}\nWritten to ${file}\n`);
  } finally {
    cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
