/**
 * `npm run bench`: loopback benchmarks, bounded in time, with JSON results in bench/results/.
 *
 *  1. GET run in the default database: a 1-run session vs a 10,000-run session (~5 KB runs).
 *  2. GET run in an attached Agno-format file: a 1,000-run session.
 *  3. Auth cost: RS256 GET run with one repeated token and with a distinct token per request,
 *     against a bare Express route returning the same JSON (no auth, no database), same run.
 *
 * The servers run as their own processes (the built `rundesk serve`, and bench/bare-server.ts),
 * so the load generator in this process does not share their event loop. Access logs are off
 * (RUNDESK_LOG_LEVEL=warn): the numbers are the request path, not log formatting.
 *
 * Env: BENCH_DURATION (seconds per case, default 5), BENCH_CONNECTIONS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { makeLargeAgentSession, makeBenchRun } from './data.js';
import { BENCH_SETTINGS, measure, ROOT, spawnServer, stopChild, type CaseResult } from './harness.js';




async function post(url: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
}

async function main(): Promise<void> {
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-'));
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const mint = (sub: string, extra: Record<string, unknown> = {}) =>
    new SignJWT({ scopes: ['platform:admin'], ...extra })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setSubject(sub)
      .setAudience('rundesk-local')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);

  process.stdout.write('Preparing data (10,000 runs over HTTP, a 1,000-run Agno file)...\n');
  const agnoPath = path.join(dir, 'agno-large.db');
  const large = makeLargeAgentSession(1000);
  buildAgnoDb(agnoPath, [large.session]);
  const settingsPath = path.join(dir, 'settings.json');
  fs.writeFileSync(
    settingsPath,
    JSON.stringify({
      os_id: 'rundesk-local',
      auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' },
      databases: [{ id: 'agno', path: agnoPath, read_only: true }],
    }),
  );
  const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data'), '--port', '0'], {
    RUNDESK_LOG_LEVEL: 'warn',
  });
  const token = await mint('bench-admin');
  const base = server.url;

  await post(`${base}/sessions/small/runs?type=agent`, token, makeBenchRun('small', 0));
  for (let i = 0; i < 10_000; i += 1) {
    await post(`${base}/sessions/big/runs?type=agent`, token, makeBenchRun('big', i));
  }
  const headers = { authorization: `Bearer ${token}` };
  const results: CaseResult[] = [];

  results.push(await measure('GET run, default db, 1-run session', { url: `${base}/sessions/small/runs/small-run-0`, headers }));
  results.push(await measure('GET run, default db, 10,000-run session', { url: `${base}/sessions/big/runs/big-run-5000`, headers }));
  const agnoRun = large.runIds[500] ?? '';
  results.push(
    await measure('GET run, attached Agno file, 1,000-run session', {
      url: `${base}/sessions/${large.session.session_id}/runs/${agnoRun}?db_id=agno`,
      headers,
    }),
  );

  // Auth cost: the same small run, RS256, with one token and with a fresh token per request.
  const distinct: string[] = [];
  for (let i = 0; i < 20_000; i += 1) distinct.push(await mint(`user-${i}`, { scopes: ['platform:admin'], jti: `t${i}` }));
  let next = 0;
  const bodyFile = path.join(dir, 'run.json');
  fs.writeFileSync(bodyFile, await (await fetch(`${base}/sessions/small/runs/small-run-0`, { headers })).text());
  const bare = await spawnServer(['--import', 'tsx', path.join(ROOT, 'bench', 'bare-server.ts'), bodyFile]);

  const bareResult = await measure('bare Express route, same JSON, no auth/db', { url: `${bare.url}/run` });
  const repeated = await measure('RS256 GET run, one repeated token', { url: `${base}/sessions/small/runs/small-run-0`, headers });
  const fresh = await measure('RS256 GET run, distinct token per request', {
    url: `${base}/sessions/small/runs/small-run-0`,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const t = distinct[next % distinct.length];
          next += 1;
          return { ...req, headers: { ...req.headers, authorization: `Bearer ${t}` } };
        },
      },
    ],
  });
  results.push(bareResult, repeated, fresh);
  await stopChild(bare.child);
  await stopChild(server.child);

  const byName = (n: string) => results.find((r) => r.name.startsWith(n));
  const small = byName('GET run, default db, 1-run');
  const big = byName('GET run, default db, 10,000-run');
  const summary = {
    p50_ratio_10000_vs_1_default_db: small && big ? +(big.latency_p50_ms / Math.max(small.latency_p50_ms, 0.001)).toFixed(2) : null,
    rps_ratio_10000_vs_1_default_db: small && big ? +(big.requests_per_sec / small.requests_per_sec).toFixed(3) : null,
    rps_ratio_repeated_token_vs_bare: +(repeated.requests_per_sec / bareResult.requests_per_sec).toFixed(3),
    rps_ratio_distinct_tokens_vs_bare: +(fresh.requests_per_sec / bareResult.requests_per_sec).toFixed(3),
    distinct_tokens_available: distinct.length,
    distinct_tokens_used: next,
  };
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    ...BENCH_SETTINGS,
    results,
    summary,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  const file = path.join(import.meta.dirname, 'results', 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  process.stdout.write(`\n${JSON.stringify(summary, null, 2)}\nWritten to ${file}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
