import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's five-minute start, run as a new user runs it: every ```sh block of the section,
 * pasted whole and in order into one shell, on a fresh home folder (so a fresh data folder),
 * with `npm install -g .` going into a temporary prefix. No network, no Python: the Agno file is
 * one the repository holds. Needs the build (`npm test` builds first).
 */
const README = fs.readFileSync(path.resolve('README.md'), 'utf8');
const CLI = path.resolve('dist/server/cli/main.js');

function quickStartBlocks(markdown: string): string[] {
  const start = markdown.indexOf('\n## Five minutes');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-quick-start-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs the blocks in one bash; each block's output and exit code are kept apart. */
async function runBlocks(blocks: string[]): Promise<{ out: string; code: number }[]> {
  const home = path.join(root, 'home');
  const prefix = path.join(root, 'prefix');
  const outDir = path.join(root, 'out');
  for (const d of [home, prefix, outDir]) fs.mkdirSync(d, { recursive: true });
  const script = [
    // Whatever happens, no server is left behind.
    "trap 'kill $(jobs -p) 2>/dev/null' EXIT",
    ...blocks.map((block, i) => `{\n${block}\n} > ${outDir}/${i}.out 2>&1\necho $? > ${outDir}/${i}.code`),
  ].join('\n');
  fs.writeFileSync(path.join(root, 'quick-start.sh'), script);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(RUNDESK_|XDG_|npm_|NPM_|PORT$)/.test(k)) env[k] = v;
  Object.assign(env, {
    HOME: home,
    PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_prefix: prefix,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // Another server may hold 7777 on this machine: a free port, read back by `rundesk wait`.
    RUNDESK_PORT: '0',
  });
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('bash', [path.join(root, 'quick-start.sh')], { cwd: path.resolve('.'), env, stdio: 'ignore' });
    child.on('exit', resolve);
  });
  expect(code).toBe(0);
  return blocks.map((_b, i) => ({
    out: fs.readFileSync(path.join(outDir, `${i}.out`), 'utf8'),
    code: Number(fs.readFileSync(path.join(outDir, `${i}.code`), 'utf8')),
  }));
}

describe("the README's five-minute start", () => {
  it('has its blocks: install, attach and serve, read, inspect, stop', () => {
    expect(quickStartBlocks(README)).toHaveLength(5);
    expect(fs.existsSync(CLI), 'run `npm run build` first: the snippets run the built CLI').toBe(true);
  });

  it('When pasted whole, in order, on a fresh data folder, Then each block does what the README says', async () => {
    const blocks = quickStartBlocks(README);
    const [install, serve, read, inspect, stop] = await runBlocks(blocks);
    const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;

    expect(install!.code, install!.out).toBe(0);
    expect(install!.out).toContain(version);

    expect(serve!.code, serve!.out).toBe(0);
    expect(serve!.out).toMatch(/attached .*agno-observability\.db as agents \(read-only, 11 sessions\)/);
    expect(serve!.out).toContain('requests without db_id are answered by agents');

    expect(read!.code, read!.out).toBe(0);
    const listing = JSON.parse(read!.out.trim().split('\n').at(-1)!) as { data: unknown[]; meta: { total_count: number } };
    expect(listing.meta.total_count).toBe(11);
    expect(listing.data).toHaveLength(2);

    expect(inspect!.code, inspect!.out).toBe(1);
    expect(inspect!.out).toContain('401');
    expect(inspect!.out).toContain('Token has expired');

    expect(stop!.code, stop!.out).toBe(0);
    // A clean stop removes the server's marker from the data folder.
    const marker = path.join(root, 'home', '.local', 'share', 'rundesk', 'server.json');
    await expect.poll(() => fs.existsSync(marker), { timeout: 60_000, interval: 200 }).toBe(false);
  }, 20 * 60_000);
});
