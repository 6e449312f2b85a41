/**
 * `npm run bench`: the authenticated run GET against its baselines, in one run, with JSON
 * results in bench/results/ (issue #14).
 *
 * Cases, each with the access log off and on (`log off` / `log on`):
 *  - raw `node:http` answering the same JSON body (the machine's ceiling);
 *  - a bare Express 5 route answering the same JSON body (no auth, no database);
 *  - rundesk, RS256 token, authorization on: the run of a 1-run session in the default
 *    database with one repeated token, and with a distinct token per request;
 *  - rundesk, one token: a run of a 1,000-run session in an attached Agno file, and a run of
 *    the default database's 10,000-run session;
 *  - rundesk, one token: a trace with its span tree (`GET /traces/{id}`, the observability
 *    fixture's 9-span workflow trace; goal ≥ 5,000 req/s), and the first page of `GET /traces`
 *    over an attached file of 10,000 traces, one connection at a time (its latency is the
 *    measure: goal ≤ 20 ms p50).
 *
 * Every server is its own process (the built `rundesk serve`; bench/raw-server.ts and
 * bench/bare-server.ts), so the load generator here never shares their event loop. "Access
 * log on" is how a user runs it: rundesk at its default level (info), the baselines with the
 * same pino-http setup, stderr going to a file. The machine is shared and noisy, so cases are
 * interleaved over several rounds (the order reversed every other round) and every ratio is
 * taken within a round, then the median over rounds is reported.
 *
 * Env: BENCH_DURATION (seconds per case and round, default 5), BENCH_ROUNDS (default 3),
 * BENCH_WARMUP (seconds per case before the rounds, default 2), BENCH_CONNECTIONS (default 50),
 * BENCH_TOKENS (distinct tokens minted, default 20000; they are sent in a cycle, so keep it well
 * above the server's token caches or the "distinct" case measures cache hits), BENCH_CASES (a regular expression over
 * case ids, to run a subset), BENCH_OUT (result file name, default latest.json),
 * BENCH_CPU_PROF (a folder: the rundesk servers write `--cpu-prof` profiles there on exit).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { addGeneratedTraces } from '../server/testing/agno-traces.js';
import { makeBenchRun, makeLargeAgentSession } from './data.js';
import { countLines, median, ROOT, runBench, sample, type Sample, spawnServer, stopChild, writeResult } from './harness.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 20_000);
const CASE_FILTER = new RegExp(process.env.BENCH_CASES ?? '.');
const OUT = process.env.BENCH_OUT ?? 'latest.json';
const CPU_PROF = process.env.BENCH_CPU_PROF;

type ServerKind = 'raw' | 'bare' | 'rundesk';
type TokenMode = 'none' | 'one' | 'distinct';

interface Case {
  id: string;
  label: string;
  server: ServerKind;
  log: boolean;
  path: string;
  token: TokenMode;
  /** Concurrent connections when not BENCH_CONNECTIONS (1 to measure one request's latency). */
  connections?: number;
}

interface CaseReport {
  id: string;
  label: string;
  access_log: boolean;
  requests_per_sec_median: number;
  latency_p50_ms_median: number;
  latency_p99_ms_median: number;
  rounds: Sample[];
}

/** The observability fixture's workflow trace: 9 spans, LLM and tool spans, step types. */
const TRACE_DETAIL_PATH = '/traces/326a6b84b0b101b9b855c42e06dd3253?db_id=obs';
const TRACES_FIXTURE = path.join(ROOT, 'test', 'fixtures', 'agno', 'agno-observability.db');

function caseList(agnoPath: string): Case[] {
  const shapes: Array<Omit<Case, 'id' | 'log' | 'label'> & { name: string; label: string }> = [
    { name: 'raw', label: 'raw node:http, same body', server: 'raw', path: '/run', token: 'none' },
    { name: 'bare', label: 'bare Express 5 route, same body', server: 'bare', path: '/run', token: 'none' },
    { name: 'one-token', label: 'rundesk, 1-run session, one token', server: 'rundesk', path: '/sessions/small/runs/small-run-0', token: 'one' },
    { name: 'distinct-tokens', label: 'rundesk, 1-run session, distinct token per request', server: 'rundesk', path: '/sessions/small/runs/small-run-0', token: 'distinct' },
    { name: 'agno-1000', label: 'rundesk, attached Agno 1,000-run session', server: 'rundesk', path: agnoPath, token: 'one' },
    { name: 'default-10000', label: "rundesk, default db's 10,000-run session", server: 'rundesk', path: '/sessions/big/runs/big-run-5000', token: 'one' },
    { name: 'trace-detail', label: 'rundesk, trace detail (9-span span tree)', server: 'rundesk', path: TRACE_DETAIL_PATH, token: 'one' },
    { name: 'traces-10000', label: 'rundesk, GET /traces over 10,000 traces, 1 connection', server: 'rundesk', path: '/traces?db_id=traces', token: 'one', connections: 1 },
  ];
  return shapes.flatMap(({ name, label, ...rest }) =>
    [false, true].map((log) => ({ ...rest, id: `${name}:log-${log ? 'on' : 'off'}`, label: `${label}, log ${log ? 'on' : 'off'}`, log })),
  );
}

/** A case's median req/s against a floor (the trace detail's bar). */
function atLeast(reports: Map<string, CaseReport>, id: string, floor: number) {
  const r = reports.get(id);
  return r ? { case: id, requests_per_sec_median: r.requests_per_sec_median, goal: `≥ ${floor} req/s`, met: r.requests_per_sec_median >= floor } : null;
}

/** A case's median p50 latency against a ceiling (the trace listing's bar). */
function atMost(reports: Map<string, CaseReport>, id: string, ceilingMs: number) {
  const r = reports.get(id);
  return r ? { case: id, latency_p50_ms_median: r.latency_p50_ms_median, goal: `≤ ${ceilingMs} ms p50`, met: r.latency_p50_ms_median <= ceilingMs } : null;
}

/** A ratio of two cases taken within each round, then summarised over the rounds. */
function ratioOf(reports: Map<string, CaseReport>, num: string, den: string) {
  const a = reports.get(num);
  const b = reports.get(den);
  if (!a || !b) return null;
  const per = a.rounds.map((s, i) => +(s.requests_per_sec / Math.max(b.rounds[i]?.requests_per_sec ?? 0, 1)).toFixed(3));
  return { of: `${num} / ${den}`, median: +median(per).toFixed(3), min: Math.min(...per), max: Math.max(...per), per_round: per };
}

async function mintTokens(privateKey: Parameters<SignJWT['sign']>[0], count: number): Promise<{ one: string; distinct: string[] }> {
  const mint = (sub: string, jti?: string) => {
    const jwt = new SignJWT({ scopes: ['platform:admin'] })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setSubject(sub)
      .setAudience('rundesk-local')
      .setIssuedAt()
      .setExpirationTime('2h');
    if (jti) jwt.setJti(jti);
    return jwt.sign(privateKey);
  };
  const distinct: string[] = [];
  for (let i = 0; i < count; i += 64) {
    const batch = Array.from({ length: Math.min(64, count - i) }, (_, j) => mint(`user-${i + j}`, `t${i + j}`));
    distinct.push(...(await Promise.all(batch)));
  }
  return { one: await mint('bench-admin'), distinct };
}

async function ingest(base: string, token: string): Promise<void> {
  const post = async (sessionId: string, index: number) => {
    const res = await fetch(`${base}/sessions/${sessionId}/runs?type=agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(makeBenchRun(sessionId, index)),
    });
    if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
  };
  await post('small', 0);
  for (let i = 0; i < 10_000; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, 10_000 - i) }, (_, j) => post('big', i + j)));
  }
}

async function main(): Promise<void> {
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-'));
  const servers: Array<Awaited<ReturnType<typeof spawnServer>>> = [];
  try {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    process.stdout.write(`Minting ${TOKENS} RS256 tokens...\n`);
    const tokens = await mintTokens(privateKey, TOKENS);

    process.stdout.write('Preparing data (10,000 runs over HTTP, a 1,000-run Agno file)...\n');
    const agnoFile = path.join(dir, 'agno-large.db');
    const large = makeLargeAgentSession(1000);
    buildAgnoDb(agnoFile, [large.session]);
    const agnoPath = `/sessions/${large.session.session_id}/runs/${large.runIds[500] ?? ''}?db_id=agno`;
    const obsFile = path.join(dir, 'agno-observability.db');
    fs.copyFileSync(TRACES_FIXTURE, obsFile);
    const tracesFile = path.join(dir, 'traces-10000.db');
    buildAgnoDb(tracesFile, [makeLargeAgentSession(1).session]);
    addGeneratedTraces(tracesFile, 10_000);
    const settingsPath = path.join(dir, 'settings.json');
    fs.writeFileSync(
      settingsPath,
      JSON.stringify({
        os_id: 'rundesk-local',
        auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256', authorization: true },
        // The runs are ingested into, and read from, the built-in database; the files beside it are read-only.
        default_database: 'default',
        databases: [
          { id: 'agno', path: agnoFile, read_only: true },
          { id: 'obs', path: obsFile, read_only: true },
          { id: 'traces', path: tracesFile, read_only: true },
        ],
      }),
    );
    const cases = caseList(agnoPath).filter((c) => CASE_FILTER.test(c.id));
    const logFile = (name: string) => path.join(dir, `${name}.log`);
    const rundesk = (log: boolean, dataDir: string) =>
      spawnServer(
        [cli, 'serve', '--config', settingsPath, '--data-dir', dataDir, '--port', '0'],
        { RUNDESK_LOG_LEVEL: log ? 'info' : 'warn' },
        {
          logFile: logFile(`rundesk:${log ? 'on' : 'off'}`),
          nodeFlags: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`, `--cpu-prof-name=rundesk-log-${log ? 'on' : 'off'}.cpuprofile`] : [],
        },
      );

    // The data is ingested once, through the API, then the folder is copied for the second server.
    const seeding = await rundesk(false, path.join(dir, 'data-off'));
    await ingest(seeding.url, tokens.one);
    const body = await (await fetch(`${seeding.url}/sessions/small/runs/small-run-0`, { headers: { authorization: `Bearer ${tokens.one}` } })).text();
    await stopChild(seeding.child);
    fs.cpSync(path.join(dir, 'data-off'), path.join(dir, 'data-on'), { recursive: true });
    const bodyFile = path.join(dir, 'run.json');
    fs.writeFileSync(bodyFile, body);

    const baseline = (kind: 'raw' | 'bare', log: boolean) =>
      spawnServer(
        ['--import', 'tsx', path.join(ROOT, 'bench', `${kind}-server.ts`), bodyFile],
        { BENCH_ACCESS_LOG: log ? '1' : '0' },
        { logFile: logFile(`${kind}:${log ? 'on' : 'off'}`) },
      );
    const urls = new Map<string, Awaited<ReturnType<typeof spawnServer>>>();
    for (const log of [false, true]) {
      const suffix = log ? 'on' : 'off';
      const wanted = (kind: ServerKind) => cases.some((c) => c.server === kind && c.log === log);
      // Each server is in `servers` as soon as it is up, so a later one failing to start still stops it.
      const started = (key: string, server: Awaited<ReturnType<typeof spawnServer>>): void => {
        urls.set(key, server);
        servers.push(server);
      };
      for (const kind of ['raw', 'bare'] as const) {
        if (wanted(kind)) started(`${kind}:${suffix}`, await baseline(kind, log));
      }
      if (wanted('rundesk')) started(`rundesk:${suffix}`, await rundesk(log, path.join(dir, `data-${suffix}`)));
    }

    let next = 0;
    const run = (c: Case, seconds: number): Promise<Sample> => {
      const server = urls.get(`${c.server}:${c.log ? 'on' : 'off'}`);
      if (!server) throw new Error(`no server for ${c.id}`);
      const opts: autocannon.Options = { url: `${server.url}${c.path}`, connections: c.connections ?? CONNECTIONS, duration: seconds };
      if (c.token === 'one') opts.headers = { authorization: `Bearer ${tokens.one}` };
      if (c.token === 'distinct') {
        opts.requests = [
          {
            setupRequest: (req: autocannon.Request) => {
              const t = tokens.distinct[next % tokens.distinct.length];
              next += 1;
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${t}` } };
            },
          },
        ];
      }
      return sample(opts);
    };

    if (WARMUP > 0) {
      process.stdout.write(`Warming up (${WARMUP} s per case)...\n`);
      for (const c of cases) await run(c, WARMUP);
    }
    const reports = new Map<string, CaseReport>(
      cases.map((c) => [c.id, { id: c.id, label: c.label, access_log: c.log, requests_per_sec_median: 0, latency_p50_ms_median: 0, latency_p99_ms_median: 0, rounds: [] }]),
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stdout.write(`Round ${round + 1}/${ROUNDS}\n`);
      // Reverse every other round, so a drift in machine load does not favour one end of the list.
      const order = round % 2 === 0 ? cases : [...cases].reverse();
      for (const c of order) {
        const sample = await run(c, DURATION);
        reports.get(c.id)?.rounds.push(sample);
        process.stdout.write(
          `  ${c.label.padEnd(66)} ${String(sample.requests_per_sec).padStart(6)} req/s  p50 ${sample.latency_p50_ms} ms  p99 ${sample.latency_p99_ms} ms` +
            `${sample.non_2xx ? `  NON-2XX ${sample.non_2xx}` : ''}${sample.errors ? `  ERRORS ${sample.errors}` : ''}\n`,
        );
      }
    }
    for (const r of reports.values()) {
      r.requests_per_sec_median = Math.round(median(r.rounds.map((s) => s.requests_per_sec)));
      r.latency_p50_ms_median = median(r.rounds.map((s) => s.latency_p50_ms));
      r.latency_p99_ms_median = median(r.rounds.map((s) => s.latency_p99_ms));
    }

    const goal = (ratio: ReturnType<typeof ratioOf>, target: number) => ratio && { ...ratio, goal: target, met: ratio.median >= target };
    const summary = {
      // The issue's bars: rundesk as a user runs it (access log on) against a bare Express route
      // with no access log at all (the strict reading).
      one_token_log_on_vs_bare_log_off: goal(ratioOf(reports, 'one-token:log-on', 'bare:log-off'), 0.9),
      distinct_tokens_log_on_vs_bare_log_off: goal(ratioOf(reports, 'distinct-tokens:log-on', 'bare:log-off'), 0.5),
      // Like for like: both with the access log, and both without.
      one_token_log_on_vs_bare_log_on: ratioOf(reports, 'one-token:log-on', 'bare:log-on'),
      one_token_log_off_vs_bare_log_off: ratioOf(reports, 'one-token:log-off', 'bare:log-off'),
      distinct_tokens_log_on_vs_bare_log_on: ratioOf(reports, 'distinct-tokens:log-on', 'bare:log-on'),
      distinct_tokens_log_off_vs_bare_log_off: ratioOf(reports, 'distinct-tokens:log-off', 'bare:log-off'),
      agno_1000_log_on_vs_bare_log_off: ratioOf(reports, 'agno-1000:log-on', 'bare:log-off'),
      default_10000_log_on_vs_bare_log_off: ratioOf(reports, 'default-10000:log-on', 'bare:log-off'),
      default_10000_vs_one_token_log_on: ratioOf(reports, 'default-10000:log-on', 'one-token:log-on'),
      bare_vs_raw_log_off: ratioOf(reports, 'bare:log-off', 'raw:log-off'),
      trace_detail_req_per_sec: atLeast(reports, 'trace-detail:log-on', 5_000),
      traces_10000_p50_ms: atMost(reports, 'traces-10000:log-on', 20),
      distinct_tokens_minted: tokens.distinct.length,
      distinct_token_requests_sent: next,
    };
    const logLines = Object.fromEntries([...urls.keys()].map((k) => [k, countLines(logFile(k))]));
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadavg_at_end: os.loadavg().map((l) => +l.toFixed(2)),
      duration_s: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      note: 'req/s are medians over rounds; ratios are taken within each round, then the median. Servers are separate processes; stderr (the access log) goes to a file.',
      cases: [...reports.values()],
      summary,
      log_lines_written: logLines,
    };
    const file = writeResult(OUT, out);

    process.stdout.write('\n| case | req/s (median) | p50 ms | p99 ms |\n|---|---|---|---|\n');
    for (const r of reports.values()) {
      process.stdout.write(`| ${r.label} | ${r.requests_per_sec_median} | ${r.latency_p50_ms_median} | ${r.latency_p99_ms_median} |\n`);
    }
    process.stdout.write('\n');
    for (const [name, value] of Object.entries(summary)) {
      if (value && typeof value === 'object' && 'case' in value) {
        process.stdout.write(`${name.padEnd(42)} ${JSON.stringify(value)}\n`);
      } else if (value && typeof value === 'object') {
        const g = 'goal' in value ? `  (goal ≥ ${value.goal}: ${value.met ? 'met' : 'NOT met'})` : '';
        process.stdout.write(`${name.padEnd(42)} ${value.median.toFixed(3)}  [${value.min}..${value.max}]${g}\n`);
      }
    }
    process.stdout.write(`\nlog lines written: ${JSON.stringify(logLines)}\nWritten to ${file}\n`);
  } finally {
    for (const s of servers) await stopChild(s.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
