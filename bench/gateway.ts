/**
 * `npm run bench:gateway`: what rundesk in front of an AgentOS costs (docs/gateway.md).
 *
 * Three processes on 127.0.0.1: the fake AgentOS replaying the platform's recorded streams, the
 * built rundesk with `upstream.url` set to it (auth on, a token with `agents:run`), and a bare
 * http-proxy-3 proxy to it. Measured:
 * - a streamed agent run, sequentially, directly and through rundesk: time to the first event
 *   and to the end of the stream (medians of BENCH_RUNS runs, interleaved);
 * - small forwarded requests (`POST …/cancel`, a short JSON answer) through rundesk and through
 *   the bare proxy, with autocannon;
 * - rundesk's RSS over BENCH_RSS_RUNS streamed runs (20 at a time, events unpaced).
 * Results go to bench/results/gateway.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { loadAverage, measure, median, ROOT, runBench, spawnServer, stopChild, writeResult } from './harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const RSS_RUNS = Number(process.env.BENCH_RSS_RUNS ?? 10_000);
/**
 * Node flags for the RSS server, e.g. `--max-old-space-size=64`: with V8's default limits the old
 * generation grows with garbage until its first major collection, so RSS climbs for a while
 * whether or not anything is kept; under a tight limit what stays is what is live.
 */
const RSS_NODE_FLAGS = (process.env.BENCH_RSS_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** `small`: only the small-request passes (the quick loop when working on the per-request cost). */
const ONLY = process.env.BENCH_GATEWAY_ONLY ?? '';
const SMALL_PASSES = Number(process.env.BENCH_SMALL_PASSES ?? 3);
/**
 * Another build's CLI (`…/dist/server/cli/main.js`, e.g. of an earlier commit): the small-request
 * passes also measure it, interleaved, as `compared` (before/after on the same machine state).
 */
const COMPARE_CLI = process.env.BENCH_COMPARE_CLI ?? '';
/** A folder: rundesk runs with `--cpu-prof` and writes its profile there when stopped. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR ?? '';
const FORM = 'message=What+is+the+weather+in+Paris%3F&stream=true';

/** One streamed run: ms to the first event's bytes and to the end of the stream. */
function streamedRun(base: string, token: string | null): Promise<{ first: number; total: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = -1;
    const req = http.request(
      `${base}/agents/weather-agent/runs`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': FORM.length, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        res.on('data', () => {
          if (first < 0) first = performance.now() - started;
        });
        res.on('end', () => resolve({ first, total: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(FORM);
  });
}

/**
 * CPU milliseconds a process has used, in user space and in the kernel (its socket writes), from
 * /proc (Linux); `null` elsewhere. Per request, it is what a shared machine's load changes least:
 * throughput ratios swing with what else runs, the CPU one request costs much less.
 */
function cpuMs(pid: number | undefined): { user: number; sys: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: (Number(fields[11]) * 1000) / 100, sys: (Number(fields[12]) * 1000) / 100 };
  } catch {
    return null;
  }
}

/** One autocannon pass, with the CPU the server process used per request (in all, user, kernel). */
async function measureWithCpu(name: string, pid: number | undefined, opts: Parameters<typeof measure>[1]) {
  const before = cpuMs(pid);
  const result = await measure(name, opts);
  const after = cpuMs(pid);
  const per = (k: 'user' | 'sys' | 'all') => {
    if (before === null || after === null || result.requests === 0) return null;
    const ms = k === 'all' ? after.user + after.sys - before.user - before.sys : after[k] - before[k];
    return +((ms * 1000) / result.requests).toFixed(1);
  };
  return { ...result, cpu_us_per_request: per('all'), cpu_user_us_per_request: per('user'), cpu_sys_us_per_request: per('sys') };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
}

/**
 * The streamed run directly and through rundesk, interleaved: medians of time to first event and
 * to the end, and the CPU rundesk spent per run (it is idle during the direct runs), which a
 * loaded machine changes far less than the times.
 *
 * The same runs also go through the bare proxy (and the compared build), so every proxy has
 * carried the same traffic before the small-request passes: a process that has forwarded streams
 * runs its small requests through code V8 optimized for both kinds of answer, measurably dearer
 * (about 10 % for rundesk) than one that has only ever seen small ones.
 */
async function measureStreamed(directUrl: string, rundeskUrl: string, token: string, rundeskPid: number | undefined, bareUrl: string, alsoUrls: string[]) {
  const direct: Array<{ first: number; total: number }> = [];
  const through: Array<{ first: number; total: number }> = [];
  const bare: Array<{ first: number; total: number }> = [];
  const cpuBefore = cpuMs(rundeskPid);
  for (let i = 0; i < RUNS; i++) {
    direct.push(await streamedRun(directUrl, null));
    through.push(await streamedRun(rundeskUrl, token));
    bare.push(await streamedRun(bareUrl, token));
    for (const url of alsoUrls) await streamedRun(url, token);
  }
  const cpuAfter = cpuMs(rundeskPid);
  const m = (xs: Array<{ first: number; total: number }>, k: 'first' | 'total') => +median(xs.map((x) => x[k])).toFixed(3);
  const cpuPerRun = cpuBefore && cpuAfter ? +((cpuAfter.user + cpuAfter.sys - cpuBefore.user - cpuBefore.sys) / RUNS).toFixed(3) : null;
  const streamed = {
    runs: RUNS,
    pace_ms_between_events: Number(process.env.BENCH_PACE_MS ?? 5),
    direct_first_event_ms: m(direct, 'first'),
    rundesk_first_event_ms: m(through, 'first'),
    added_first_event_ms: +(m(through, 'first') - m(direct, 'first')).toFixed(3),
    direct_total_ms: m(direct, 'total'),
    rundesk_total_ms: m(through, 'total'),
    added_total_pct: +(((m(through, 'total') - m(direct, 'total')) / m(direct, 'total')) * 100).toFixed(2),
    bare_proxy_first_event_ms: m(bare, 'first'),
    bare_proxy_total_ms: m(bare, 'total'),
    rundesk_cpu_ms_per_run: cpuPerRun,
    rundesk_cpu_pct_of_direct_run: cpuPerRun === null ? null : +((cpuPerRun / m(direct, 'total')) * 100).toFixed(2),
    load_average_after: loadAverage(),
  };
  process.stdout.write(`streamed run: ${JSON.stringify(streamed)}\n`);
  return streamed;
}

/** rundesk's RSS over RSS_RUNS streamed runs (20 at a time), pointed at the unpaced upstream. */
async function measureRss(cli: string, settingsPath: string, dataDir: string, upstreamUrl: string, publicKeyPem: string, token: string) {
  fs.writeFileSync(settingsPath, JSON.stringify({ upstream: { url: upstreamUrl }, auth: { verification_keys: [publicKeyPem], algorithm: 'RS256', authorization: true } }));
  const rssServer = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', dataDir, '--port', '0'], { RUNDESK_LOG_LEVEL: 'warn' }, { nodeFlags: RSS_NODE_FLAGS });
  const pid = rssServer.child.pid as number;
  const samples: Array<{ runs: number; rss_mb: number }> = [];
  let started = 0;
  let finished = 0;
  const worker = async () => {
    while (started < RSS_RUNS) {
      started++;
      await streamedRun(rssServer.url, token);
      finished++;
      if (finished % 1000 === 0) samples.push({ runs: finished, rss_mb: rssMb(pid) });
    }
  };
  samples.push({ runs: 0, rss_mb: rssMb(pid) });
  await Promise.all(Array.from({ length: 20 }, worker));
  await stopChild(rssServer.child);
  const afterWarmup = samples.filter((s) => s.runs >= 2000).map((s) => s.rss_mb);
  const rss = { runs: RSS_RUNS, node_flags: RSS_NODE_FLAGS, samples, growth_after_2000_runs_mb: +(Math.max(...afterWarmup) - Math.min(...afterWarmup)).toFixed(1) };
  process.stdout.write(`rss: ${JSON.stringify(rss)}\n`);
  return rss;
}

async function main(): Promise<void> {
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-gateway-'));
  const tsx = ['--import', 'tsx'];
  const upstream = await spawnServer([...tsx, path.join(ROOT, 'bench', 'gateway-upstream.ts')], { BENCH_PACE_MS: process.env.BENCH_PACE_MS ?? '5' });
  const bare = await spawnServer([...tsx, path.join(ROOT, 'bench', 'gateway-bare-proxy.ts'), upstream.url]);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const settingsPath = path.join(dir, 'settings.json');
  const publicKeyPem = await exportSPKI(publicKey);
  fs.writeFileSync(settingsPath, JSON.stringify({ upstream: { url: upstream.url }, auth: { verification_keys: [publicKeyPem], algorithm: 'RS256', authorization: true } }));
  const rundesk = await spawnServer(
    [cli, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data'), '--port', '0'],
    { RUNDESK_LOG_LEVEL: 'warn' },
    CPU_PROF_DIR ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] } : {},
  );
  const compared = COMPARE_CLI
    ? await spawnServer([COMPARE_CLI, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data-compared'), '--port', '0'], { RUNDESK_LOG_LEVEL: 'warn' })
    : null;
  const token = await new SignJWT({ scopes: ['agents:run'] }).setProtectedHeader({ alg: 'RS256' }).setSubject('bench').setExpirationTime('2h').sign(privateKey);
  const fast = await spawnServer([...tsx, path.join(ROOT, 'bench', 'gateway-upstream.ts')], { BENCH_PACE_MS: '0' });
  try {
    // Warm every path (JIT, keep-alive sockets, the token cache), each with the same streamed runs.
    for (let i = 0; i < 20; i++) {
      await streamedRun(upstream.url, null);
      for (const url of [rundesk.url, bare.url, ...(compared ? [compared.url] : [])]) await streamedRun(url, token);
    }
    const streamed = ONLY === 'small' ? null : await measureStreamed(upstream.url, rundesk.url, token, rundesk.child.pid, bare.url, compared ? [compared.url] : []);

    const cancel = { method: 'POST' as const, path: '/agents/weather-agent/runs/r1/cancel' };
    // Alternating passes, so a burst of load from elsewhere on the machine hits both sides alike.
    type Pass = Awaited<ReturnType<typeof measureWithCpu>>;
    const passes: Array<{ bare_proxy: Pass; rundesk: Pass; compared?: Pass }> = [];
    // Every request carries the same token, so the bare proxy forwards the same bytes rundesk does.
    const sides: Array<{ key: 'bare_proxy' | 'rundesk' | 'compared'; name: string; pid: number | undefined; url: string }> = [
      ...(compared ? [{ key: 'compared' as const, name: 'compared build', pid: compared.child.pid, url: compared.url }] : []),
      { key: 'bare_proxy', name: 'bare proxy', pid: bare.child.pid, url: bare.url },
      { key: 'rundesk', name: 'rundesk', pid: rundesk.child.pid, url: rundesk.url },
    ];
    for (let i = 0; i < SMALL_PASSES; i++) {
      // The order turns each pass, so no side always runs first (on a cooler machine, or right
      // after the other side's burst).
      const order = sides.map((_, k) => sides[(k + i) % sides.length]!);
      const pass: Partial<Record<'bare_proxy' | 'rundesk' | 'compared', Pass>> = {};
      for (const side of order) {
        pass[side.key] = await measureWithCpu(`small forwarded POST …/cancel, ${side.name}`, side.pid, {
          url: `${side.url}${cancel.path}`,
          method: cancel.method,
          headers: { authorization: `Bearer ${token}` },
        });
      }
      passes.push({ bare_proxy: pass.bare_proxy!, rundesk: pass.rundesk!, ...(pass.compared ? { compared: pass.compared } : {}) });
    }
    const cpuMedian = (xs: Array<number | null>) => (xs.every((x) => x !== null) ? median(xs as number[]) : null);
    // Pass by pass, the two sides ran under the same load a few seconds apart: the median of their
    // ratios holds still when the load moves between passes (medians of each side do not).
    const passRatio = (a: (p: (typeof passes)[number]) => number | null | undefined, b: (p: (typeof passes)[number]) => number | null | undefined) =>
      cpuMedian(passes.map((p) => {
        const x = a(p);
        const y = b(p);
        return x == null || y == null || y === 0 ? null : +(x / y).toFixed(3);
      }));
    const small = {
      passes,
      bare_proxy_median_rps: median(passes.map((p) => p.bare_proxy.requests_per_sec)),
      rundesk_median_rps: median(passes.map((p) => p.rundesk.requests_per_sec)),
      bare_proxy_median_cpu_us_per_request: cpuMedian(passes.map((p) => p.bare_proxy.cpu_us_per_request)),
      rundesk_median_cpu_us_per_request: cpuMedian(passes.map((p) => p.rundesk.cpu_us_per_request)),
      bare_proxy_median_cpu_user_sys_us: [cpuMedian(passes.map((p) => p.bare_proxy.cpu_user_us_per_request)), cpuMedian(passes.map((p) => p.bare_proxy.cpu_sys_us_per_request))],
      rundesk_median_cpu_user_sys_us: [cpuMedian(passes.map((p) => p.rundesk.cpu_user_us_per_request)), cpuMedian(passes.map((p) => p.rundesk.cpu_sys_us_per_request))],
      rundesk_over_bare_cpu_median_of_pass_ratios: passRatio((p) => p.rundesk.cpu_us_per_request, (p) => p.bare_proxy.cpu_us_per_request),
      ...(compared
        ? {
            compared_cli: COMPARE_CLI,
            compared_median_rps: median(passes.map((p) => p.compared?.requests_per_sec ?? 0)),
            compared_median_cpu_us_per_request: cpuMedian(passes.map((p) => p.compared?.cpu_us_per_request ?? null)),
            compared_over_bare_cpu_median_of_pass_ratios: passRatio((p) => p.compared?.cpu_us_per_request, (p) => p.bare_proxy.cpu_us_per_request),
            rundesk_over_compared_cpu_median_of_pass_ratios: passRatio((p) => p.rundesk.cpu_us_per_request, (p) => p.compared?.cpu_us_per_request),
          }
        : {}),
    };
    if (compared) {
      process.stdout.write(
        `compared build / bare proxy = ${(small.compared_median_rps! / small.bare_proxy_median_rps).toFixed(3)}; CPU per request ${small.compared_median_cpu_us_per_request} µs; ` +
          `CPU pass by pass: compared / bare ${small.compared_over_bare_cpu_median_of_pass_ratios}, rundesk / compared ${small.rundesk_over_compared_cpu_median_of_pass_ratios}\n`,
      );
      await stopChild(compared.child);
    }
    const ratio = +(small.rundesk_median_rps / small.bare_proxy_median_rps).toFixed(3);
    process.stdout.write(
      `small forwarded requests: rundesk / bare proxy = ${ratio}; CPU per request ${small.rundesk_median_cpu_us_per_request} µs vs ${small.bare_proxy_median_cpu_us_per_request} µs ` +
        `(user/kernel ${small.rundesk_median_cpu_user_sys_us.join('/')} vs ${small.bare_proxy_median_cpu_user_sys_us.join('/')}); ` +
        `CPU pass by pass: rundesk / bare ${small.rundesk_over_bare_cpu_median_of_pass_ratios}\n`,
    );

    await stopChild(rundesk.child);
    if (ONLY === 'small') {
      const file = writeResult('gateway-small.json', { date: new Date().toISOString(), load_average: loadAverage(), node: process.version, small_requests: { ...small, rundesk_over_bare: ratio } });
      process.stdout.write(`wrote ${file}\n`);
      return;
    }
    const rss = await measureRss(cli, settingsPath, path.join(dir, 'data'), fast.url, publicKeyPem, token);

    const file = writeResult('gateway.json', {
      date: new Date().toISOString(),
      load_average: loadAverage(),
      node: process.version,
      streamed,
      small_requests: { ...small, rundesk_over_bare: ratio },
      rss,
      targets: { added_first_event_ms: '<= 2', added_total_pct: '<= 5', rundesk_over_bare: '>= 0.8', rss: 'flat' },
    });
    process.stdout.write(`wrote ${file}\n`);
  } finally {
    await stopChild(rundesk.child);
    if (compared) await stopChild(compared.child);
    await stopChild(bare.child);
    await stopChild(upstream.child);
    await stopChild(fast.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
