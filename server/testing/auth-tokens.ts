/**
 * Test helpers: real keys and real signed tokens (no mocks of jose), settings parsed
 * through the real schema, and a frozen clock.
 */
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { AuthSettingsSchema, type AuthSettings } from '../settings/schema.js';
import { createAuthLayer, type AuthLayerContext } from '../auth/layer.js';
import type { AuthLayer } from '../auth/types.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../api/platform/platform-routes.js';

/** 2025-01-01T00:00:00Z, the frozen "now" of the auth tests. */
export const NOW_MS = Date.UTC(2025, 0, 1);
export const NOW_S = NOW_MS / 1000;
export const OS_ID = 'rundesk-test';

export interface TestKeyPair {
  alg: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** SPKI PEM of the public key, as it goes into `verification_keys`. */
  pem: string;
  jwk: JWK;
}

const pairs = new Map<string, Promise<TestKeyPair>>();

async function makePair(alg: string): Promise<TestKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, privateKey, publicKey, pem: await exportSPKI(publicKey), jwk: await exportJWK(publicKey) };
}

/** A fresh key pair per (alg, label); the same label returns the same pair within a test file. */
export function keyPair(alg: 'RS256' | 'ES256' | 'EdDSA' | 'PS256' | 'ES384', label = 'default'): Promise<TestKeyPair> {
  const id = `${alg}:${label}`;
  let p = pairs.get(id);
  if (!p) {
    p = makePair(alg);
    pairs.set(id, p);
  }
  return p;
}

export const HMAC_SECRET = 'a-test-secret-that-is-at-least-32-bytes-long!';

export interface SignOptions {
  alg?: string;
  key: CryptoKey | Uint8Array;
  kid?: string;
  /** Defaults: iat now, exp in one hour. `exp: null` leaves it out. */
  exp?: number | null;
}

/** Claims are free-form on purpose: tests forge malformed ones (`exp` as a string). */
export async function sign(claims: Record<string, unknown>, opts: SignOptions): Promise<string> {
  const alg = opts.alg ?? 'RS256';
  const jwt = new SignJWT({ iat: NOW_S, ...claims } as JWTPayload).setProtectedHeader({ alg, ...(opts.kid ? { kid: opts.kid } : {}) });
  const exp = opts.exp === undefined ? NOW_S + 3600 : opts.exp;
  if (exp !== null && claims.exp === undefined) jwt.setExpirationTime(exp);
  return jwt.sign(opts.key);
}

export function hmacKey(secret = HMAC_SECRET): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Auth settings as the loader would produce them (defaults applied by the real schema). */
export function authSettings(input: Record<string, unknown>): AuthSettings {
  return AuthSettingsSchema.parse(input);
}

export function layerFor(input: Record<string, unknown>, ctx: Partial<AuthLayerContext> = {}): Promise<AuthLayer> {
  return createAuthLayer(authSettings(input), { osId: OS_ID, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS, now: () => NOW_MS, ...ctx });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** base64url of a JSON value or raw text, for hand-built adversarial tokens. */
export function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}
