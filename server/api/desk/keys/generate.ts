import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { SupportedAlgorithm } from '../../../settings/schema.js';
import { jwkThumbprint, JwkSchema, type Jwk } from './jwk.js';

const generateKeyPairAsync = promisify(crypto.generateKeyPair);

/** HMAC secret length per algorithm: at least the hash output size (RFC 7518 §3.2). */
const HMAC_BYTES: Record<string, number> = { HS256: 32, HS384: 48, HS512: 64 };

/**
 * A generated key: its private JWK (kid, alg and use set) and, for HMAC, the shared secret as
 * the text that goes into `auth.verification_keys` (the JWK's `k` is that text's UTF-8 bytes).
 */
export interface GeneratedKey {
  kid: string;
  alg: SupportedAlgorithm;
  privateJwk: Jwk;
}

type KeygenArgs =
  | { kind: 'rsa'; options: crypto.RSAKeyPairKeyObjectOptions }
  | { kind: 'ec'; options: crypto.ECKeyPairKeyObjectOptions }
  | { kind: 'ed25519' }
  | { kind: 'hmac'; bytes: number };

function keygenArgs(alg: SupportedAlgorithm): KeygenArgs {
  if (alg.startsWith('RS') || alg.startsWith('PS')) return { kind: 'rsa', options: { modulusLength: 2048 } };
  if (alg === 'ES256') return { kind: 'ec', options: { namedCurve: 'P-256' } };
  if (alg === 'ES384') return { kind: 'ec', options: { namedCurve: 'P-384' } };
  if (alg === 'ES512') return { kind: 'ec', options: { namedCurve: 'P-521' } };
  if (alg === 'EdDSA' || alg === 'Ed25519') return { kind: 'ed25519' };
  return { kind: 'hmac', bytes: HMAC_BYTES[alg] ?? 32 };
}

/** A readable kid that still identifies the material: `rs256-` + 12 thumbprint characters. */
function finish(alg: SupportedAlgorithm, jwk: Jwk, kidPrefix: string): GeneratedKey {
  const kid = `${kidPrefix}${alg.toLowerCase()}-${jwkThumbprint(jwk).slice(0, 12)}`;
  const privateJwk = JwkSchema.parse({ ...jwk, kid, alg, use: 'sig' });
  return { kid, alg, privateJwk };
}

/**
 * The HMAC secret is random text (base64url of `bytes` random bytes) and the key is that
 * text's UTF-8 encoding, so the same secret works pasted into `verification_keys` or as a JWK.
 */
export function hmacJwk(secret: string): Jwk {
  return { kty: 'oct', k: Buffer.from(secret, 'utf8').toString('base64url') };
}

/** The shared-secret text of an `oct` JWK made by `hmacJwk`. */
export function hmacSecretText(jwk: Jwk): string | null {
  if (jwk.kty !== 'oct') return null;
  return Buffer.from(jwk.k, 'base64url').toString('utf8');
}

function exportPrivate(key: crypto.KeyObject): Jwk {
  return JwkSchema.parse(key.export({ format: 'jwk' }));
}

/** Generates a key synchronously (first run, before the server listens). */
export function generateKeySync(alg: SupportedAlgorithm, kidPrefix = ''): GeneratedKey {
  const args = keygenArgs(alg);
  switch (args.kind) {
    case 'rsa':
      return finish(alg, exportPrivate(crypto.generateKeyPairSync('rsa', args.options).privateKey), kidPrefix);
    case 'ec':
      return finish(alg, exportPrivate(crypto.generateKeyPairSync('ec', args.options).privateKey), kidPrefix);
    case 'ed25519':
      return finish(alg, exportPrivate(crypto.generateKeyPairSync('ed25519').privateKey), kidPrefix);
    case 'hmac':
      return finish(alg, hmacJwk(crypto.randomBytes(args.bytes).toString('base64url')), kidPrefix);
  }
}

/** Generates a key off the event loop (RSA key generation takes tens of milliseconds). */
export async function generateKey(alg: SupportedAlgorithm, kidPrefix = ''): Promise<GeneratedKey> {
  const args = keygenArgs(alg);
  switch (args.kind) {
    case 'rsa':
      return finish(alg, exportPrivate((await generateKeyPairAsync('rsa', args.options)).privateKey), kidPrefix);
    case 'ec':
      return finish(alg, exportPrivate((await generateKeyPairAsync('ec', args.options)).privateKey), kidPrefix);
    case 'ed25519':
      return finish(alg, exportPrivate((await generateKeyPairAsync('ed25519', undefined)).privateKey), kidPrefix);
    case 'hmac':
      return finish(alg, hmacJwk(crypto.randomBytes(args.bytes).toString('base64url')), kidPrefix);
  }
}
