import { CompactSign, importJWK } from 'jose';
import { ValidationError } from '../../../errors.js';
import type { SupportedAlgorithm } from '../../../settings/schema.js';
import { generateKey } from '../keys/generate.js';
import type { SigningKey } from '../keys/store.js';
import { setClaim } from './claims.js';

/** Deliberately bad tokens, each failing one check of the auth layer. */
export const MINT_DEFECTS = ['expired', 'not_yet_valid', 'wrong_audience', 'untrusted_key', 'none_alg', 'tampered'] as const;
export type MintDefect = (typeof MINT_DEFECTS)[number];

/**
 * A fully resolved mint request (defaults already taken from the settings). `null` means
 * "leave this claim / header member out" — useful to see what the lint and the auth layer
 * say about a token without `exp`, `aud` or `typ`.
 */
export interface MintSpec {
  sub: string | null;
  scopes: string[];
  aud: string | string[] | null;
  /** Lifetime in seconds; `exp = iat + ttl`. */
  ttl: number;
  iss: string | null;
  session_id: string | null;
  /** Extra claims, merged last (they may override the generated ones). */
  claims: Record<string, unknown>;
  scopes_claim: string;
  /** `string`: one space-delimited string (OAuth `scope`); `array`: a JSON list. */
  scopes_format: 'array' | 'string';
  user_id_claim: string;
  session_id_claim: string;
  audience_claim: string;
  /** Signing key; `null` picks the local key for `alg`. */
  kid: string | null;
  alg: SupportedAlgorithm;
  typ: string | null;
  defect: MintDefect | null;
  /** What `tampered` tries to grant itself. */
  admin_scope: string;
  /** Whether to omit `exp` entirely (lint demonstrations). */
  no_exp: boolean;
}

export interface MintResult {
  token: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** The kid the signature was made with (`null` for `none_alg`). */
  kid: string | null;
  alg: string;
  defect: MintDefect | null;
  /** Epoch seconds, when the token has an `exp`. */
  expires_at: number | null;
}

/** How far in the past an `expired` token expired: beyond any sane clock tolerance. */
const EXPIRED_AGO = 600;
/** How far in the future a `not_yet_valid` token starts. */
const NOT_BEFORE_IN = 3600;

/** The key a request signs with: its kid, else the first trusted local key for its alg. */
export function pickSigningKey(keys: readonly SigningKey[], kid: string | null, alg: SupportedAlgorithm): SigningKey {
  if (kid !== null) {
    const key = keys.find((k) => k.kid === kid);
    if (!key) {
      throw new ValidationError(`No local signing key with kid ${kid} (imported keys keep only their public half)`, [
        { path: 'key', message: `no local signing key with kid ${kid}` },
      ]);
    }
    if (key.alg !== alg) {
      throw new ValidationError(`Key ${kid} is a ${key.alg} key, but ${alg} was asked for`, [
        { path: 'alg', message: `key ${kid} signs ${key.alg}` },
      ]);
    }
    return key;
  }
  const key = keys.find((k) => k.alg === alg && k.trusted) ?? keys.find((k) => k.alg === alg);
  if (!key) {
    throw new ValidationError(`No local ${alg} signing key; generate one with POST /desk/keys {"alg":"${alg}"} or rundesk keys`, [
      { path: 'alg', message: `no local ${alg} key` },
    ]);
  }
  return key;
}

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

async function sign(header: Record<string, unknown>, claims: Record<string, unknown>, key: SigningKey['privateJwk'], alg: string): Promise<string> {
  const material = await importJWK(key, alg);
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ ...header, alg })
    .sign(material);
}

/**
 * Mints a token from a resolved request with the given local keys at `now` (epoch seconds).
 * Deterministic apart from the signature bytes of randomized algorithms (ES*, PS*) and the
 * fresh key of the `untrusted_key` defect.
 *
 * @example
 * const { token } = await mintToken(store.signingKeys(), spec, Math.floor(Date.now() / 1000));
 */
export async function mintToken(keys: readonly SigningKey[], spec: MintSpec, now: number): Promise<MintResult> {
  const iat = Math.floor(now);
  const claims: Record<string, unknown> = {};
  if (spec.iss !== null) claims.iss = spec.iss;
  if (spec.sub !== null) {
    claims.sub = spec.sub;
    if (spec.user_id_claim !== 'sub') setClaim(claims, spec.user_id_claim, spec.sub);
  }
  const aud = spec.defect === 'wrong_audience' ? wrongAudience(spec.aud) : spec.aud;
  if (aud !== null) setClaim(claims, spec.audience_claim, aud);

  let exp: number | null = spec.no_exp ? null : iat + spec.ttl;
  let issuedAt = iat;
  if (spec.defect === 'expired') {
    exp = iat - EXPIRED_AGO;
    issuedAt = exp - spec.ttl;
  }
  claims.iat = issuedAt;
  if (spec.defect === 'not_yet_valid') {
    claims.nbf = iat + NOT_BEFORE_IN;
    if (exp !== null) exp = iat + NOT_BEFORE_IN + spec.ttl;
  }
  if (exp !== null) claims.exp = exp;
  if (spec.session_id !== null) setClaim(claims, spec.session_id_claim, spec.session_id);
  setClaim(claims, spec.scopes_claim, spec.scopes_format === 'string' ? spec.scopes.join(' ') : [...spec.scopes]);
  for (const [name, value] of Object.entries(spec.claims)) setClaim(claims, name, value);
  if (spec.defect === 'expired' || spec.defect === 'not_yet_valid') {
    // The defect wins over a hand-written exp/nbf, or the token would not be what was asked for.
    if (exp !== null) claims.exp = exp;
  }

  const header: Record<string, unknown> = {};
  if (spec.typ !== null) header.typ = spec.typ;

  if (spec.defect === 'none_alg') {
    const noneHeader = { alg: 'none', ...header };
    return {
      token: `${encodeSegment(noneHeader)}.${encodeSegment(claims)}.`,
      header: noneHeader,
      claims,
      kid: null,
      alg: 'none',
      defect: spec.defect,
      expires_at: exp,
    };
  }

  let key: SigningKey;
  if (spec.defect === 'untrusted_key') {
    // A fresh key nobody trusts, with a kid that names it as such.
    const fresh = await generateKey(spec.alg, 'untrusted-');
    key = { kid: fresh.kid, alg: fresh.alg, trusted: false, privateJwk: fresh.privateJwk };
  } else {
    key = pickSigningKey(keys, spec.kid, spec.alg);
  }
  const fullHeader = { alg: key.alg, ...header, kid: key.kid };
  let token = await sign(fullHeader, claims, key.privateJwk, key.alg);
  let shownClaims = claims;
  if (spec.defect === 'tampered') {
    // Signed honestly, then the payload is edited to grant the admin scope: the signature no
    // longer matches, which is exactly what the auth layer must catch.
    shownClaims = structuredClone(claims);
    setClaim(shownClaims, spec.scopes_claim, spec.scopes_format === 'string'
      ? [...spec.scopes, spec.admin_scope].join(' ')
      : [...spec.scopes, spec.admin_scope]);
    const [h, , s] = token.split('.');
    token = `${h}.${encodeSegment(shownClaims)}.${s}`;
  }
  return { token, header: { ...fullHeader }, claims: shownClaims, kid: key.kid, alg: key.alg, defect: spec.defect, expires_at: exp };
}

/** An audience that is certainly not the expected one, in the same shape. */
function wrongAudience(aud: string | string[] | null): string {
  const base = Array.isArray(aud) ? aud[0] : aud;
  return base ? `not-${base}` : 'https://another-service.example.com';
}
