import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { bearer, keyPair, layerFor, sign } from '../testing/auth-tokens.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-jwks-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes atomically (new inode), like editors and key-rotation scripts do. */
function writeJwks(file: string, keys: unknown[]): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ keys }));
  fs.renameSync(tmp, file);
}

const get = (token: string) => ({ method: 'GET', path: '/agents', headers: bearer(token) });

describe('jwks_file', () => {
  it('picks the key by the token kid', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const k2 = await keyPair('RS256', 'k2');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...k1.jwk, kid: 'k1', use: 'sig', alg: 'RS256' }, { ...k2.jwk, kid: 'k2', alg: 'RS256' }]);
    const layer = await layerFor({ jwks_file: file });
    const inspection = await layer.inspectToken({ token: await sign({}, { key: k2.privateKey, kid: 'k2' }), method: 'GET', path: '/agents' });
    expect(inspection.status).toBe(200);
    expect(inspection.verification.verified_by).toEqual({ source: 'jwks_file', index: 1, kid: 'k2' });
    expect(inspection.verification.attempts).toHaveLength(1);
  });

  it('explains a kid miss with the kids the file has', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...k1.jwk, kid: 'k1' }, { ...k1.jwk, kid: 'k1b' }]);
    const layer = await layerFor({ jwks_file: file });
    const inspection = await layer.inspectToken({ token: await sign({}, { key: k1.privateKey, kid: 'k9' }), method: 'GET', path: '/agents' });
    expect(inspection).toMatchObject({ status: 401, detail: 'Invalid token' });
    expect(inspection.verification.attempts).toEqual([
      { source: 'jwks_file', index: null, kid: 'k9', outcome: 'skipped', reason: 'no key with kid k9; the file has kids k1, k1b' },
    ]);
  });

  it('uses a key without kid as the default', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...k1.jwk }]);
    const layer = await layerFor({ jwks_file: file });
    expect((await layer.authorize(get(await sign({}, { key: k1.privateKey, kid: 'whatever' })))).outcome).toBe('allow');
    expect((await layer.authorize(get(await sign({}, { key: k1.privateKey })))).outcome).toBe('allow');
  });

  it('tries JWKS keys first and static keys as the fallback', async () => {
    const jwksKey = await keyPair('RS256', 'k1');
    const staticKey = await keyPair('RS256', 'static');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...jwksKey.jwk, kid: 'k1' }]);
    const layer = await layerFor({ jwks_file: file, verification_keys: [staticKey.pem] });
    const viaStatic = await layer.inspectToken({ token: await sign({}, { key: staticKey.privateKey, kid: 'k1' }), method: 'GET', path: '/agents' });
    expect(viaStatic.verification.attempts.map((a) => [a.source, a.outcome])).toEqual([
      ['jwks_file', 'signature_mismatch'],
      ['verification_keys', 'verified'],
    ]);
  });

  it('skips keys meant for encryption or another algorithm', async () => {
    const rsa = await keyPair('RS256', 'k1');
    const ec = await keyPair('ES256', 'e1');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...rsa.jwk, kid: 'enc', use: 'enc' }, { ...ec.jwk, kid: 'ec' }, { ...rsa.jwk, kid: 'ok' }]);
    const layer = await layerFor({ jwks_file: file });
    expect(layer.status().jwks_file).toMatchObject({
      key_count: 1,
      kids: ['enc', 'ec', 'ok'],
      skipped: ['key 0 (kid "enc"): use is "enc"', 'key 1 (kid "ec"): a EC key does not suit RS256'],
    });
  });

  it('refuses a missing, malformed, oversized or non-regular file at construction with one line', async () => {
    const file = path.join(dir, 'jwks.json');
    await expect(layerFor({ jwks_file: file })).rejects.toBeInstanceOf(ConfigError);
    await expect(layerFor({ jwks_file: file })).rejects.toThrow(`auth.jwks_file ${file} does not exist`);
    fs.writeFileSync(file, '{ not json');
    await expect(layerFor({ jwks_file: file })).rejects.toThrow(`auth.jwks_file ${file} is not valid JSON`);
    fs.writeFileSync(file, '[]');
    await expect(layerFor({ jwks_file: file })).rejects.toThrow('is not a JWKS document');
    fs.writeFileSync(file, `{"keys": [], "pad": "${'x'.repeat(1024 * 1024)}"}`);
    await expect(layerFor({ jwks_file: file })).rejects.toThrow(`auth.jwks_file ${file} is larger than 1 MB`);
    await expect(layerFor({ jwks_file: dir })).rejects.toThrow(`auth.jwks_file ${dir} is not a regular file`);
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO or a device without blocking on it', async () => {
    const fifo = path.join(dir, 'jwks.fifo');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO for reading blocks until a writer comes; the layer must not wait for one.
    await expect(layerFor({ jwks_file: fifo })).rejects.toThrow(`auth.jwks_file ${fifo} is not a regular file`);
    await expect(layerFor({ jwks_file: '/dev/zero' })).rejects.toThrow('auth.jwks_file /dev/zero is not a regular file');
  });

  it('starts with a file that has no usable key as an empty trusted set: every token is refused', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const es = await keyPair('ES256', 'es');
    const file = path.join(dir, 'jwks.json');
    const logs: string[] = [];
    writeJwks(file, [{ ...es.jwk, kid: 'es', alg: 'ES256' }]);
    const layer = await layerFor({ jwks_file: file }, { log: (m) => logs.push(m) });
    const decision = await layer.authorize(get(await sign({}, { key: k1.privateKey, kid: 'k1' })));
    expect(decision.outcome === 'deny' && decision.error.code).toBe('UNAUTHENTICATED');
    expect(layer.status().jwks_file).toMatchObject({ key_count: 0, last_error: null });
    expect(logs).toEqual([`auth.jwks_file ${file} has no key usable with RS256 (key 0 (kid "es"): alg is ES256, not RS256); every token is refused until a key for RS256 is trusted`]);
  });

  it('revokes the only key when the file is rewritten without a usable key (fails closed)', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const es = await keyPair('ES256', 'es');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...k1.jwk, kid: 'k1' }, { ...es.jwk, kid: 'es', alg: 'ES256' }]);
    const logs: string[] = [];
    const layer = await layerFor({ jwks_file: file }, { jwksFileCheckIntervalMs: 0, log: (m) => logs.push(m) });
    const token = await sign({}, { key: k1.privateKey, kid: 'k1' });
    expect((await layer.authorize(get(token))).outcome).toBe('allow');

    // What untrusting k1 in the desk writes: the other algorithm's key stays.
    writeJwks(file, [{ ...es.jwk, kid: 'es', alg: 'ES256' }]);
    expect((await layer.authorize(get(token))).outcome).toBe('deny');
    expect(layer.status().jwks_file).toMatchObject({ key_count: 0, last_error: null });
    writeJwks(file, []);
    expect((await layer.authorize(get(token))).outcome).toBe('deny');
    expect(logs.at(-1)).toContain('has no key usable with RS256 (the "keys" array is empty)');

    writeJwks(file, [{ ...k1.jwk, kid: 'k1' }]);
    expect((await layer.authorize(get(token))).outcome).toBe('allow');
  });

  it('reloads the file when it changes on disk and drops cached verifications', async () => {
    const oldKey = await keyPair('RS256', 'old');
    const newKey = await keyPair('RS256', 'new');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...oldKey.jwk, kid: 'old' }]);
    const logs: string[] = [];
    const layer = await layerFor({ jwks_file: file }, { jwksFileCheckIntervalMs: 0, log: (m) => logs.push(m) });
    const oldToken = await sign({}, { key: oldKey.privateKey, kid: 'old' });
    const newToken = await sign({}, { key: newKey.privateKey, kid: 'new' });
    expect((await layer.authorize(get(oldToken))).outcome).toBe('allow');
    expect((await layer.authorize(get(newToken))).outcome).toBe('deny');

    writeJwks(file, [{ ...newKey.jwk, kid: 'new' }]);
    expect((await layer.authorize(get(newToken))).outcome).toBe('allow');
    // The old token was cached as valid; the rotation must revoke it.
    expect((await layer.authorize(get(oldToken))).outcome).toBe('deny');
    expect(logs.some((l) => l.includes('changed; loaded 1 key(s)'))).toBe(true);
  });

  it('keeps the last good key set while the file is missing or broken, and reports it', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...k1.jwk, kid: 'k1' }]);
    const logs: string[] = [];
    const layer = await layerFor({ jwks_file: file }, { jwksFileCheckIntervalMs: 0, log: (m) => logs.push(m) });
    const token = await sign({}, { key: k1.privateKey, kid: 'k1' });

    fs.rmSync(file);
    expect((await layer.authorize(get(token))).outcome).toBe('allow');
    expect(layer.status().jwks_file?.last_error).toBe('is unreadable (ENOENT)');

    fs.writeFileSync(file, '{"keys": [');
    expect((await layer.authorize(get(token))).outcome).toBe('allow');
    expect(layer.status().jwks_file?.last_error).toBe('is not valid JSON');
    expect(logs.filter((l) => l.includes('keeping the last good key set'))).toHaveLength(2);

    writeJwks(file, [{ ...k1.jwk, kid: 'k1' }]);
    expect((await layer.authorize(get(token))).outcome).toBe('allow');
    expect(layer.status().jwks_file?.last_error).toBeNull();
  });

  it('does not look at the file more often than the check interval', async () => {
    const oldKey = await keyPair('RS256', 'old');
    const newKey = await keyPair('RS256', 'new');
    const file = path.join(dir, 'jwks.json');
    writeJwks(file, [{ ...oldKey.jwk, kid: 'old' }]);
    const layer = await layerFor({ jwks_file: file }, { jwksFileCheckIntervalMs: 60_000 });
    writeJwks(file, [{ ...newKey.jwk, kid: 'new' }]);
    expect((await layer.authorize(get(await sign({}, { key: newKey.privateKey, kid: 'new' })))).outcome).toBe('deny');
  });
});
