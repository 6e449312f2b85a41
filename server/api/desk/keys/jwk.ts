import crypto from 'node:crypto';
import { z } from 'zod';
import type { SupportedAlgorithm } from '../../../settings/schema.js';

/**
 * JWK shapes the desk handles. Asymmetric keys are RSA, EC (P-256/384/521) and OKP (Ed25519);
 * HMAC secrets are `oct`. Members beyond RFC 7517's are kept (`passthrough`) so an imported
 * provider key survives a round trip unchanged.
 */
const b64u = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

const common = {
  kid: z.string().min(1).optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
  key_ops: z.array(z.string()).optional(),
  x5c: z.array(z.string()).optional(),
  x5t: z.string().optional(),
  'x5t#S256': z.string().optional(),
};

export const RsaJwkSchema = z.looseObject({ ...common, kty: z.literal('RSA'), n: b64u, e: b64u, d: b64u.optional() });
export const EcJwkSchema = z.looseObject({
  ...common,
  kty: z.literal('EC'),
  crv: z.enum(['P-256', 'P-384', 'P-521']),
  x: b64u,
  y: b64u,
  d: b64u.optional(),
});
export const OkpJwkSchema = z.looseObject({ ...common, kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: b64u, d: b64u.optional() });
export const OctJwkSchema = z.looseObject({ ...common, kty: z.literal('oct'), k: b64u });

export const JwkSchema = z.discriminatedUnion('kty', [RsaJwkSchema, EcJwkSchema, OkpJwkSchema, OctJwkSchema]);
export type Jwk = z.infer<typeof JwkSchema>;
export type KeyType = Jwk['kty'];

/** Private members per RFC 7518 §6; stripping them yields the public key. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** The public half of an asymmetric JWK (private members removed). `oct` keys have none. */
export function publicJwk(jwk: Jwk): Jwk {
  if (jwk.kty === 'oct') throw new TypeError('an oct key has no public part');
  const copy: Record<string, unknown> = { ...jwk };
  for (const m of PRIVATE_MEMBERS) delete copy[m];
  return copy as Jwk;
}

export function isPrivateJwk(jwk: Jwk): boolean {
  return jwk.kty === 'oct' || typeof (jwk as { d?: unknown }).d === 'string';
}

/**
 * RFC 7638 JWK thumbprint (SHA-256, base64url): the required members only, in lexicographic
 * order, no whitespace. Computed synchronously so index and CLI code need no promises.
 *
 * @example
 * jwkThumbprint({ kty: 'oct', k: 'c2VjcmV0' }) // stable for the same key material
 */
export function jwkThumbprint(jwk: Jwk): string {
  let members: Record<string, string>;
  switch (jwk.kty) {
    case 'RSA':
      members = { e: jwk.e, kty: jwk.kty, n: jwk.n };
      break;
    case 'EC':
      members = { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
      break;
    case 'OKP':
      members = { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
      break;
    case 'oct':
      members = { k: jwk.k, kty: jwk.kty };
      break;
  }
  return crypto.createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/** Algorithms each key type can sign with (the settings' list, narrowed by key shape). */
export function algorithmsFor(jwk: Jwk): SupportedAlgorithm[] {
  switch (jwk.kty) {
    case 'RSA':
      return ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
    case 'EC':
      return [jwk.crv === 'P-256' ? 'ES256' : jwk.crv === 'P-384' ? 'ES384' : 'ES512'];
    case 'OKP':
      return ['EdDSA', 'Ed25519'];
    case 'oct':
      return ['HS256', 'HS384', 'HS512'];
  }
}

/** The key type an algorithm needs. */
export function keyTypeFor(alg: SupportedAlgorithm): KeyType {
  if (alg.startsWith('RS') || alg.startsWith('PS')) return 'RSA';
  if (alg.startsWith('ES')) return 'EC';
  if (alg.startsWith('HS')) return 'oct';
  return 'OKP';
}

/** PEM (SPKI) of an asymmetric public JWK. */
export function publicPem(jwk: Jwk): string {
  if (jwk.kty === 'oct') throw new TypeError('an oct key has no PEM form');
  const key = crypto.createPublicKey({ key: publicJwk(jwk) as crypto.JsonWebKey, format: 'jwk' });
  return key.export({ type: 'spki', format: 'pem' }).toString();
}
