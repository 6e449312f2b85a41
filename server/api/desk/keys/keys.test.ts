import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { calculateJwkThumbprint, createLocalJWKSet, jwtVerify, SignJWT, importJWK, exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ValidationError } from '../../../errors.js';
import { tempDirs } from '../../../testing/temp-dir.js';
import { KeyMaterialError } from '../../../auth/trusted-key-errors.js';
import { firstRunSettings } from './first-run.js';
import { generateKey, generateKeySync, hmacJwk, hmacSecretText } from './generate.js';
import { parseKeyMaterial } from './import.js';
import { jwkThumbprint, publicJwk, publicPem, type Jwk } from './jwk.js';
import { ensureLocalKeys, LocalKeys, localTrustedJwksPath } from './store.js';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe('jwkThumbprint', () => {
  it('equals jose calculateJwkThumbprint (RFC 7638) for RSA, EC, OKP and oct keys', async () => {
    for (const alg of ['RS256', 'ES256', 'ES384', 'EdDSA', 'HS256'] as const) {
      const { privateJwk } = generateKeySync(alg);
      const jwk = privateJwk.kty === 'oct' ? privateJwk : publicJwk(privateJwk);
      expect(jwkThumbprint(jwk)).toBe(await calculateJwkThumbprint(jwk as never));
    }
  });

  it('matches jose for arbitrary HMAC secrets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }), async (bytes) => {
        const jwk: Jwk = { kty: 'oct', k: Buffer.from(bytes).toString('base64url') };
        expect(jwkThumbprint(jwk)).toBe(await calculateJwkThumbprint(jwk));
      }),
      { numRuns: 50 },
    );
  });
});

describe('generateKey', () => {
  it('makes keys whose signatures verify with their public half', async () => {
    for (const alg of ['RS256', 'PS256', 'ES256', 'ES512', 'EdDSA'] as const) {
      const key = await generateKey(alg);
      expect(key.kid).toMatch(new RegExp(`^${alg.toLowerCase()}-[A-Za-z0-9_-]{12}$`));
      const token = await new SignJWT({ sub: 'u' }).setProtectedHeader({ alg, kid: key.kid }).sign(await importJWK(key.privateJwk, alg));
      const jwks = createLocalJWKSet({ keys: [publicJwk(key.privateJwk) as never] });
      await expect(jwtVerify(token, jwks)).resolves.toMatchObject({ payload: { sub: 'u' } });
    }
  });

  it('makes HMAC secrets of at least the hash size whose text is the key', () => {
    const key = generateKeySync('HS256');
    const secret = hmacSecretText(key.privateJwk);
    expect(secret).not.toBeNull();
    expect(Buffer.byteLength(secret as string)).toBeGreaterThanOrEqual(32);
    expect(hmacJwk(secret as string)).toMatchObject({ kty: 'oct', k: (key.privateJwk as { k: string }).k });
    expect(Buffer.byteLength(hmacSecretText(generateKeySync('HS512').privateJwk) as string)).toBeGreaterThanOrEqual(64);
  });
});

describe('ensureLocalKeys', () => {
  it('generates trusted RS256, ES256 and HS256 keys with 0600 files and a trusted JWKS on first run', () => {
    const dir = dirs.make();
    const keys = ensureLocalKeys(dir);
    expect(keys.map((k) => [k.alg, k.trusted, k.source])).toEqual([
      ['RS256', true, 'generated'],
      ['ES256', true, 'generated'],
      ['HS256', true, 'generated'],
    ]);
    const files = fs.readdirSync(path.join(dir, 'keys'));
    expect(files).toContain('keys.json');
    expect(files).toContain('trusted.jwks.json');
    expect(files.filter((f) => f.endsWith('.private.jwk.json'))).toHaveLength(3);
    if (process.platform !== 'win32') {
      for (const f of files) expect(fs.statSync(path.join(dir, 'keys', f)).mode & 0o777).toBe(0o600);
    }
    const index = fs.readFileSync(path.join(dir, 'keys', 'keys.json'), 'utf8');
    expect(index).not.toMatch(/"d":|"k":/);
    const jwks = JSON.parse(fs.readFileSync(localTrustedJwksPath(dir), 'utf8')) as { keys: Jwk[] };
    expect(jwks.keys.map((k) => k.kty)).toEqual(['RSA', 'EC', 'oct']);
    expect(jwks.keys.every((k) => k.kty === 'oct' || !('d' in k))).toBe(true);
  });

  it('keeps the same keys on later runs and repairs a deleted trusted JWKS', () => {
    const dir = dirs.make();
    const first = ensureLocalKeys(dir);
    fs.rmSync(localTrustedJwksPath(dir));
    expect(ensureLocalKeys(dir)).toEqual(first);
    expect(fs.existsSync(localTrustedJwksPath(dir))).toBe(true);
  });

  it('reports a damaged index as a one-line ConfigError', () => {
    const dir = dirs.make();
    ensureLocalKeys(dir);
    fs.writeFileSync(path.join(dir, 'keys', 'keys.json'), '{"version":1,"keys":[{"kid":1}]}');
    expect(() => ensureLocalKeys(dir)).toThrow(ConfigError);
    fs.writeFileSync(path.join(dir, 'keys', 'keys.json'), 'not json');
    expect(() => ensureLocalKeys(dir)).toThrow(/not valid JSON/);
  });

  it('first-run settings point the auth layer at the trusted JWKS', () => {
    expect(firstRunSettings('/d')).toEqual({ os_id: 'rundesk-local', auth: { jwks_file: path.join('/d', 'keys', 'trusted.jwks.json') } });
  });
});

describe('LocalKeys', () => {
  it('untrusting a key removes it from the trusted JWKS, and trusting it again restores it', () => {
    const dir = dirs.make();
    const [rs] = ensureLocalKeys(dir);
    const store = new LocalKeys(dir);
    store.setTrusted(rs!.kid, false);
    expect(store.trustedJwks().keys.map((k) => k.kid)).not.toContain(rs!.kid);
    const onDisk = JSON.parse(fs.readFileSync(store.trustedJwksPath, 'utf8')) as { keys: Jwk[] };
    expect(onDisk.keys.map((k) => k.kid)).not.toContain(rs!.kid);
    store.setTrusted(rs!.kid, true);
    expect(store.trustedJwks().keys.map((k) => k.kid)).toContain(rs!.kid);
  });

  it('deleting a generated key removes its private file', () => {
    const dir = dirs.make();
    const [, es] = ensureLocalKeys(dir);
    const store = new LocalKeys(dir);
    store.remove(es!.kid);
    expect(store.list().map((k) => k.kid)).not.toContain(es!.kid);
    expect(fs.existsSync(path.join(dir, 'keys', `${es!.kid}.private.jwk.json`))).toBe(false);
    expect(store.signingKeys().map((k) => k.alg)).toEqual(['RS256', 'HS256']);
  });

  it('the public JWKS never contains HMAC secrets or private members', () => {
    const dir = dirs.make();
    ensureLocalKeys(dir);
    const jwks = new LocalKeys(dir).publicJwks();
    expect(jwks.keys.map((k) => k.kty)).toEqual(['RSA', 'EC']);
    expect(JSON.stringify(jwks)).not.toMatch(/"d":|"k":/);
  });

  it('imports skip keys already present and refuse a kid taken by other material', () => {
    const dir = dirs.make();
    ensureLocalKeys(dir);
    const store = new LocalKeys(dir);
    const other = generateKeySync('RS256');
    const cand = { kid: 'provider-1', alg: 'RS256' as const, jwk: publicJwk(other.privateJwk) };
    expect(store.addImported([cand], { trusted: true, origin: 'pasted text' }).added).toHaveLength(1);
    expect(store.addImported([cand], { trusted: true, origin: 'pasted text' }).skipped).toEqual([
      { kid: 'provider-1', reason: 'already present as provider-1' },
    ]);
    const clash = { kid: 'provider-1', alg: 'RS256' as const, jwk: publicJwk(generateKeySync('RS256').privateJwk) };
    expect(() => store.addImported([clash], { trusted: true, origin: 'x' })).toThrow(ValidationError);
  });
});

describe('parseKeyMaterial', () => {
  it('reads a PEM public key, a PEM private key (keeping only the public half), a certificate-less JWK and a JWKS', async () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const [fromPub] = parseKeyMaterial(pub);
    expect(fromPub).toMatchObject({ alg: 'ES384', jwk: { kty: 'EC', crv: 'P-384' } });
    expect(fromPub!.kid).toBe(jwkThumbprint(fromPub!.jwk));

    const priv = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const [fromPriv] = parseKeyMaterial(priv, { kid: 'mine' });
    expect(fromPriv).toMatchObject({ kid: 'mine', note: expect.stringMatching(/private material was dropped/) });
    expect(fromPriv!.jwk).not.toHaveProperty('d');

    const rsa = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(rsa.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    expect(parseKeyMaterial(JSON.stringify(jwk))).toMatchObject([{ kid: 'k1', alg: 'RS256' }]);
    expect(parseKeyMaterial(JSON.stringify({ keys: [jwk, { ...jwk, kid: 'k2' }] })).map((c) => c.kid)).toEqual(['k1', 'k2']);
  });

  it('reads several PEM blocks, RSA PKCS#1 keys and literal \\n line breaks', () => {
    const a = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const b = crypto.generateKeyPairSync('ed25519').publicKey;
    const text = `${a.export({ type: 'pkcs1', format: 'pem' })}\n${b.export({ type: 'spki', format: 'pem' })}`;
    expect(parseKeyMaterial(text).map((c) => c.alg)).toEqual(['RS256', 'EdDSA']);
    const oneLine = b.export({ type: 'spki', format: 'pem' }).toString().trim().replace(/\n/g, '\\n');
    expect(parseKeyMaterial(oneLine)).toHaveLength(1);
  });

  it('refuses junk with a 422 naming each bad key', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['hello', /not PEM or JSON/],
      ['{"kty":', /not valid JSON/],
      ['{"keys":[]}', /non-empty/],
      ['{"kty":"RSA","n":"abc"}', /not a valid JWK/],
      ['{"kty":"oct","k":"c2VjcmV0"}', /verification_keys/],
      ['{"keys":[{"kty":"XYZ"}]}', /^(?!.*XYZ).*kty is not supported/],
      ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /cannot be read/],
      ['-----BEGIN PUBLIC KEY-----\nAAAA', /unterminated/],
      ['-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----', /encrypted/],
    ];
    for (const [text, why] of cases) {
      let err: unknown;
      try {
        parseKeyMaterial(text);
      } catch (e) {
        err = e;
      }
      expect(err, text).toBeInstanceOf(ValidationError);
      expect(`${(err as ValidationError).message} ${JSON.stringify((err as ValidationError).issues)}`, text).toMatch(why);
    }
  });

  it('When single keys cannot be imported, then each is one issue named by its place, from the kind fields, and nothing is imported', () => {
    const encrypted = '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----';
    const unreadable = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----';
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    let err: unknown;
    try {
      parseKeyMaterial(`${encrypted}\n${unreadable}\n${ec}`, { alg: 'RS256' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues).toEqual([
      { path: 'pem[0]', message: 'encrypted private keys are not supported; import the public key instead' },
      { path: 'pem[1]', message: 'the PUBLIC KEY block cannot be read' },
      { path: 'pem[2]', message: 'RS256 does not suit a EC key (use ES256)' },
    ]);
  });

  it('When a key material failure is made, then it carries where and reason as fields', () => {
    const err = new KeyMaterialError('keys[2]', 'alg HS256 does not suit a RSA key');
    expect(err).toMatchObject({ code: 'INVALID_KEY_MATERIAL', where: 'keys[2]', reason: 'alg HS256 does not suit a RSA key' });
    expect(err.issue).toEqual({ path: 'keys[2]', message: 'alg HS256 does not suit a RSA key' });
  });

  it('refuses an alg that does not suit the key', () => {
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => parseKeyMaterial(ec, { alg: 'RS256' })).toThrow(/does not suit/);
  });

  it('exports the public PEM of a JWK that reads back as the same key', () => {
    const key = generateKeySync('ES256');
    const pem = publicPem(key.privateJwk);
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(parseKeyMaterial(pem)[0]!.jwk).toEqual(expect.objectContaining({ x: (key.privateJwk as { x: string }).x }));
  });
});
