import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.js';
import { buildAgnoDb, makeDemoSessions } from '../../server/testing/agno-builder.js';

/**
 * The data folder on a real, small, full file system (a 3 MB tmpfs), so every write rundesk
 * makes there meets ENOSPC exactly as on a full disk. Mounting needs root (CI runs as root);
 * elsewhere the suite is skipped and says why.
 */
function mountTmpfs(dir: string): string | null {
  if (process.platform !== 'linux') return 'not Linux (tmpfs)';
  if (process.getuid?.() !== 0) return 'not running as root, so a tmpfs cannot be mounted';
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m,mode=0700', 'tmpfs', dir], { encoding: 'utf8' });
  return r.status === 0 ? null : `mount -t tmpfs failed: ${(r.stderr || r.stdout).trim()}`;
}

/** Fills the file system holding `dir` until it refuses another byte. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (let size = chunk.length; size >= 1; ) {
      try {
        fs.writeSync(fd, chunk, 0, size);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

/** Every file under `dir` whose name says it is a temporary. */
function temporaries(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => /\.tmp$/.test(name));
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-diskfull-'));
const mountPoint = path.join(root, 'mnt');
fs.mkdirSync(mountPoint);
const skipReason = mountTmpfs(mountPoint);

if (skipReason) {
  fs.rmSync(root, { recursive: true, force: true });
  describe('Given the data folder on a full disk', () => {
    it.skip(`SKIPPED: ${skipReason}; run the tests as root on Linux to exercise a real full disk`, () => {});
  });
} else {
  describe('Given the data folder on a disk that becomes full', () => {
    const dataDir = path.join(mountPoint, 'data');
    const agnoFile = path.join(root, 'agents.db');
    let server: RunningServer;
    let filler: string;
    let settingsBefore: string;
    let keysBefore: string;
    let jwksBefore: string;

    const desk = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}${p}`, {
        method,
        headers: { 'x-desk-token': server.deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) as any };
    };

    beforeAll(async () => {
      buildAgnoDb(agnoFile, makeDemoSessions());
      server = await startServer({ dataDir, port: 0, log: false, env: {} });
      settingsBefore = fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8');
      keysBefore = fs.readFileSync(path.join(dataDir, 'keys', 'keys.json'), 'utf8');
      jwksBefore = fs.readFileSync(path.join(dataDir, 'keys', 'trusted.jwks.json'), 'utf8');
      filler = fill(mountPoint);
    }, 30_000);

    afterAll(async () => {
      await server?.stop();
      spawnSync('umount', [mountPoint]);
      fs.rmSync(root, { recursive: true, force: true });
    });

    const expectFullDisk = (r: { status: number; body: { error_code: string; detail: string } }) => {
      expect(r.status).toBe(507);
      expect(r.body.error_code).toBe('INSUFFICIENT_STORAGE');
      expect(r.body.detail).toMatch(/disk is full \(ENOSPC\); nothing was changed/);
    };

    it('When the settings are saved, Then 507 INSUFFICIENT_STORAGE, the old settings stay in force and on disk, and no temporary is left', async () => {
      const current = (await desk('GET', '/desk/settings')).body.file_settings;
      const r = await desk('PUT', '/desk/settings', { ...current, os_id: 'renamed' });
      expectFullDisk(r);
      expect((await desk('GET', '/desk/settings')).body.settings.os_id).toBe('rundesk-local');
      expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).toBe(settingsBefore);
      expect(temporaries(dataDir)).toEqual([]);
    });

    it('When a key is generated, Then 507, no key is added and no private-key temporary is left', async () => {
      const before = (await desk('GET', '/desk/keys')).body.keys.length;
      expectFullDisk(await desk('POST', '/desk/keys', { alg: 'RS256' }));
      expect((await desk('GET', '/desk/keys')).body.keys).toHaveLength(before);
      expect(fs.readFileSync(path.join(dataDir, 'keys', 'keys.json'), 'utf8')).toBe(keysBefore);
      expect(fs.readdirSync(path.join(dataDir, 'keys')).filter((n) => n.endsWith('.private.jwk.json'))).toHaveLength(before);
      expect(temporaries(dataDir)).toEqual([]);
    });

    it('When a key is untrusted (a trusted-JWKS write), Then 507 and it stays trusted', async () => {
      const keys = (await desk('GET', '/desk/keys')).body.keys as { kid: string; alg: string; trusted: boolean }[];
      const es = keys.find((k) => k.alg === 'ES256') as { kid: string };
      expectFullDisk(await desk('PATCH', `/desk/keys/${es.kid}`, { trusted: false }));
      expect((await desk('GET', '/desk/keys')).body.keys.find((k: { kid: string }) => k.kid === es.kid).trusted).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, 'keys', 'trusted.jwks.json'), 'utf8')).toBe(jwksBefore);
      expect(temporaries(dataDir)).toEqual([]);
    });

    it('When a database is attached, Then 507 and it is not attached at all: not listed, not answering, not in the settings', async () => {
      expectFullDisk(await desk('POST', '/desk/databases', { path: agnoFile, id: 'agents' }));
      const listed = (await desk('GET', '/desk/databases')).body.databases.map((d: { id: string }) => d.id);
      expect(listed).toEqual(['default']);
      const minted = (await desk('POST', '/desk/tokens', { scopes: ['platform:admin'] })).body.token as string;
      const read = await fetch(`${server.baseUrl}/sessions?db_id=agents`, { headers: { authorization: `Bearer ${minted}` } });
      expect(read.status).toBe(404);
      expect((await desk('GET', '/desk/settings')).body.settings.databases).toEqual([]);
      expect(temporaries(dataDir)).toEqual([]);
    });

    it('When space is freed, Then the same requests succeed', async () => {
      fs.rmSync(filler);
      const current = (await desk('GET', '/desk/settings')).body.file_settings;
      expect((await desk('PUT', '/desk/settings', { ...current, os_id: 'renamed' })).status).toBe(200);
      expect((await desk('POST', '/desk/databases', { path: agnoFile, id: 'agents' })).status).toBe(201);
      expect((await desk('POST', '/desk/keys', { alg: 'RS256' })).status).toBe(201);
      expect(temporaries(dataDir)).toEqual([]);
    });
  });
}
