import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runAttach } from './attach.js';
import { resolveDataDirArg } from './data-dir-arg.js';
import { portOf } from './serve.js';
import { runWait } from './wait.js';
import { buildAgnoDb, makeDemoSessions } from '../testing/agno-builder.js';
import { tempDirs } from '../testing/temp-dir.js';

const dirs = tempDirs('rundesk-first-run-');
afterAll(() => dirs.cleanup());

async function run(cmd: typeof runAttach, argv: string[], env: NodeJS.ProcessEnv = {}) {
  let out = '';
  let err = '';
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        add(String(chunk));
        cb();
      },
    });
  const code = await cmd(argv, { stdout: sink((s) => (out += s)), stderr: sink((s) => (err += s)), env });
  return { code, stdout: out, stderr: err };
}

describe('the data folder a command uses', () => {
  it('When a named folder is missing with its parent, Then it is refused with one line naming both; its last level alone may be created', () => {
    const root = dirs.make();
    const typo = path.join(root, 'typo', 'dir');
    const refused = resolveDataDirArg(typo, {});
    expect(refused).toEqual({ refused: expect.stringContaining(`${typo} (--data-dir) does not exist, and neither does ${path.join(root, 'typo')}`) });
    expect(resolveDataDirArg(undefined, { RUNDESK_DATA_DIR: typo })).toEqual({ refused: expect.stringContaining('(RUNDESK_DATA_DIR)') });
    expect(resolveDataDirArg(path.join(root, 'fresh'), {})).toEqual({ dataDir: path.join(root, 'fresh') });
    expect(resolveDataDirArg(undefined, { HOME: root, XDG_DATA_HOME: path.join(root, 'no', 'such') })).toEqual({ dataDir: path.join(root, 'no', 'such', 'rundesk') });
  });
});

describe('the port serve asks for', () => {
  it('is --port, else RUNDESK_PORT, else PORT, else the settings; a bad value names its source', () => {
    expect(portOf('8000', { RUNDESK_PORT: '9000', PORT: '9100' })).toBe(8000);
    expect(portOf(undefined, { RUNDESK_PORT: '9000', PORT: '9100' })).toBe(9000);
    expect(portOf(undefined, { PORT: '9100' })).toBe(9100);
    expect(portOf(undefined, { PORT: '' })).toBeUndefined();
    expect(() => portOf(undefined, { RUNDESK_PORT: 'http' })).toThrow(/RUNDESK_PORT must be an integer/);
  });
});

describe('rundesk attach, with no server running', () => {
  it('When a file is attached to a fresh data folder, Then it is saved, pinned as default_database, and attaching it again is fine', async () => {
    const root = dirs.make();
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'agents.db');
    buildAgnoDb(file, makeDemoSessions());
    const first = await run(runAttach, [file, '--id', 'agents', '--data-dir', dataDir]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`attached ${file} as agents (read-only, ${makeDemoSessions().length} sessions)`);
    expect(first.stdout).toContain('requests without db_id are answered by agents');
    const settings = JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'));
    expect(settings).toMatchObject({ default_database: 'agents', databases: [{ id: 'agents', path: file, read_only: true }] });
    // No server is left behind: no marker in the folder.
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);

    const again = await run(runAttach, [file, '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already attached as agents');
  });

  it('When the file is not an Agno database, Then one line says why, with the validation exit code', async () => {
    const root = dirs.make();
    const notDb = path.join(root, 'notes.txt');
    fs.writeFileSync(notDb, 'hello');
    const r = await run(runAttach, [notDb, '--data-dir', path.join(root, 'data')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^rundesk attach: /);
  });

  it('When the data folder is a typo (missing parent), Then exit 2 and nothing is created', async () => {
    const root = dirs.make();
    const r = await run(runAttach, [path.join(root, 'x.db'), '--data-dir', path.join(root, 'typo', 'dir')]);
    expect(r.code).toBe(2);
    expect(fs.existsSync(path.join(root, 'typo'))).toBe(false);
  });
});

describe('rundesk wait', () => {
  it('When no server of the data folder runs, Then it gives up after the timeout with one line, exit 1', async () => {
    const dataDir = dirs.make();
    const r = await run(runWait, ['--timeout', '0.2', '--data-dir', dataDir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rundesk wait: no rundesk server of .* answered within 0.2 s/);
  });
});

describe('warnings at start', () => {
  it('When serving on 0.0.0.0, Then the warning is handed to the caller once and not also logged (the CLI prints it once)', async () => {
    const { startServer } = await import('../server.js');
    const lines: string[] = [];
    const log = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const running = await startServer({ dataDir: dirs.make(), host: '0.0.0.0', port: 0, log, env: {} });
    try {
      expect(running.warnings.filter((w) => w.includes('0.0.0.0'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('0.0.0.0'))).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
