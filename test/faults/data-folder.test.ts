import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secureDataFolder } from '../../server/data-folder.js';
import { ConfigError } from '../../server/errors.js';
import { startServer, type RunningServer } from '../../server/server.js';
import { agentRun } from './support.js';

const posix = process.platform !== 'win32';
const isRoot = process.getuid?.() === 0;
const modeOf = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

/** Every file and folder under `dir` (itself included) with its mode, e.g. `keys: 700`. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': modeOf(dir) };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = modeOf(full);
  }
  return out;
}

describe.skipIf(!posix)('Given a data folder that is not the current user\'s alone', () => {
  let root: string;
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-folder-'));
    dataDir = path.join(root, 'data');
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('When it was created beforehand writable by everyone, with a planted desk token, then rundesk refuses to start with one line', async () => {
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'desk-token'), `${'a'.repeat(43)}\n`);
    const start = startServer({ dataDir, port: 0, log: false, env: {} });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(startServer({ dataDir, port: 0, log: false, env: {} })).rejects.toThrow(
      `data folder ${dataDir} is writable by other users (mode 0777); run "chmod 700 ${dataDir}" if you trust its contents, or use another folder`,
    );
    expect(fs.readdirSync(dataDir)).toEqual(['desk-token']);
  });

  it('When it belongs to another user, then it is refused', () => {
    fs.mkdirSync(dataDir, { mode: 0o700 });
    const otherUid = (process.getuid?.() ?? 0) + 4242;
    expect(() => secureDataFolder(dataDir, { uid: otherUid })).toThrow(`data folder ${dataDir} belongs to another user (uid ${fs.statSync(dataDir).uid})`);
  });

  it.skipIf(!isRoot)('When it (or a desk token in it) is really owned by another user, then rundesk refuses to start', async () => {
    fs.mkdirSync(dataDir, { mode: 0o700 });
    fs.chownSync(dataDir, 65534, 65534);
    await expect(startServer({ dataDir, port: 0, log: false, env: {} })).rejects.toThrow('belongs to another user (uid 65534)');
    fs.chownSync(dataDir, 0, 0);
    fs.writeFileSync(path.join(dataDir, 'desk-token'), `${'a'.repeat(43)}\n`, { mode: 0o600 });
    fs.chownSync(path.join(dataDir, 'desk-token'), 65534, 65534);
    await expect(startServer({ dataDir, port: 0, log: false, env: {} })).rejects.toThrow(
      `${path.join(dataDir, 'desk-token')} belongs to another user (uid 65534)`,
    );
  });

  it('When an existing folder and its files are readable by others (0755, 0644), then they are tightened to 0700 and 0600', async () => {
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    server = await startServer({ dataDir, port: 0, log: false, env: {} });
    await server.stop();
    server = undefined;
    for (const f of fs.readdirSync(dataDir, { recursive: true }) as string[]) fs.chmodSync(path.join(dataDir, f), fs.statSync(path.join(dataDir, f)).isDirectory() ? 0o755 : 0o644);
    fs.chmodSync(dataDir, 0o755);
    // Left behind by a crash, as SQLite would have created them under a 0644 database.
    fs.writeFileSync(path.join(dataDir, 'rundesk.db-wal'), '', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'rundesk.db-shm'), '', { mode: 0o644 });

    server = await startServer({ dataDir, port: 0, log: false, env: {} });
    const got = modes(dataDir);
    for (const [name, mode] of Object.entries(got)) {
      expect(mode, name).toBe(name === '.' || name === 'keys' ? '700' : '600');
    }
  });

  it('When rundesk creates the folder, then everything in it is 0700 or 0600, the database\'s -wal and -shm included', async () => {
    server = await startServer({ dataDir, port: 0, log: false, env: {} });
    const desk = { 'x-desk-token': server.deskToken, 'content-type': 'application/json' };
    const minted = (await (await fetch(`${server.baseUrl}/desk/tokens`, { method: 'POST', headers: desk, body: '{}' })).json()) as { token: string };
    const res = await fetch(`${server.baseUrl}/sessions/s1/runs?type=agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${minted.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(agentRun('r1')),
    });
    expect(res.status).toBe(201);
    const got = modes(dataDir);
    expect(Object.keys(got)).toEqual(expect.arrayContaining(['desk-token', 'settings.json', 'rundesk.db', 'rundesk.db-wal', 'rundesk.db-shm', 'keys']));
    for (const [name, mode] of Object.entries(got)) {
      expect(mode, name).toBe(name === '.' || name === 'keys' ? '700' : '600');
    }
  });
});
