import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { desk, errorBody } from './support.js';

// FIFOs and /dev/zero: POSIX only.
describe.skipIf(process.platform === 'win32')('Given paths to things that are not regular files', () => {
  let t: TestServer;
  let dir: string;
  let fifo: string;
  let big: string;

  beforeAll(async () => {
    t = await startTestServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-special-'));
    fifo = path.join(dir, 'keys.fifo');
    execFileSync('mkfifo', [fifo]);
    big = path.join(dir, 'big.pem');
    fs.writeFileSync(big, Buffer.alloc(1024 * 1024 + 1, 0x41));
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a key is imported from a FIFO, a device, a folder or an oversized file, then each is a 422 naming why, without hanging', async () => {
    for (const [file, why] of [
      [fifo, 'is not a regular file'],
      ['/dev/zero', 'is not a regular file'],
      [dir, 'is not a regular file'],
      [big, 'is larger than 1 MB'],
    ] as const) {
      const res = await desk(t, 'POST', '/desk/keys/import', { path: file });
      expect(res.status, file).toBe(422);
      expect((await errorBody(res)).detail, file).toBe(`${file} ${why}`);
    }
  });

  it('When settings name a FIFO or a device as jwks_file, then validation reports it at once and four at a time do not starve the server', async () => {
    const checks = [fifo, '/dev/zero', fifo, '/dev/zero'].map(async (file) => {
      const res = await desk(t, 'POST', '/desk/settings/validate', { auth: { jwks_file: file } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { valid: boolean; issues: { path: string; message: string }[] };
      expect(body.valid).toBe(false);
      expect(body.issues.map((i) => i.message).join(' ')).toContain('is not a regular file');
    });
    await Promise.all(checks);
    expect((await t.get('/health')).status).toBe(200);
  });

  it('When a FIFO is attached as a database, then it is a 422 and nothing is attached', async () => {
    const res = await desk(t, 'POST', '/desk/databases', { path: fifo });
    expect(res.status).toBe(422);
    expect((await errorBody(res)).detail).toContain('is not a file');
    const listed = (await (await desk(t, 'GET', '/desk/databases')).json()) as { databases: { id: string }[] };
    expect(listed.databases.map((d) => d.id)).toEqual(['default']);
  });
});
