import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.js';

/** The pid of a process that has already exited: a writer killed with -9 mid-save. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('Given a data folder where a save was interrupted by kill -9', () => {
  let root: string;
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('When rundesk starts, Then the temporaries of its own atomic writes are removed and nothing else is touched', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-interrupted-'));
    const dataDir = path.join(root, 'data');
    // A first run creates the folder, the settings and the keys.
    server = await startServer({ dataDir, port: 0, log: false, env: {} });
    await server.stop();
    server = undefined;

    const pid = deadPid();
    const stamp = Date.now() * 1000;
    const stale = [
      path.join(dataDir, `settings.json.${pid}.${stamp}.tmp`),
      path.join(dataDir, 'keys', `keys.json.${pid}.${stamp}.tmp`),
      path.join(dataDir, 'keys', `rs256-x.private.jwk.json.${pid}.${stamp}.tmp`),
      path.join(dataDir, 'keys', `trusted.jwks.json.${pid}.${stamp}.tmp`),
    ];
    for (const file of stale) fs.writeFileSync(file, '{"half": ', { mode: 0o600 });
    // Not ours: other names, and a folder that merely looks like a temporary.
    const foreign = [path.join(dataDir, 'notes.tmp'), path.join(dataDir, 'settings.json.tmp'), path.join(dataDir, 'keys', 'backup.1.tmp')];
    for (const file of foreign) fs.writeFileSync(file, 'mine', { mode: 0o600 });
    const folderLike = path.join(dataDir, `x.${pid}.${stamp}.tmp`);
    fs.mkdirSync(folderLike);
    const settings = fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8');

    server = await startServer({ dataDir, port: 0, log: false, env: {} });
    for (const file of stale) expect(fs.existsSync(file), file).toBe(false);
    for (const file of foreign) expect(fs.readFileSync(file, 'utf8')).toBe('mine');
    expect(fs.statSync(folderLike).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).toBe(settings);
  });
});
