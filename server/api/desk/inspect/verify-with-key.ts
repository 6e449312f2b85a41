import { compactVerify, decodeJwt, decodeProtectedHeader, errors as joseErrors } from 'jose';
import { importKeySet, keysForKid, kidMiss, type SetKey } from '../../../auth/jwk-set.js';
import { looksPem, prepareStaticKey } from '../../../auth/key-material.js';
import { KeySetError } from '../../../auth/key-errors.js';
import { ValidationError } from '../../../errors.js';

export type PastedKeyKind = 'pem' | 'jwk' | 'jwks' | 'secret';

export interface KeyVerification {
  verified: boolean;
  /** One sentence: which key verified it, or why none did. */
  reason: string;
  alg: string;
  /** The token header's `kid`. */
  kid: string | null;
  key_kind: PastedKeyKind;
  /** Of a JWKS or JWK: the `kid` of the key whose signature matched. */
  matched_kid: string | null;
  /** How many keys of the pasted text were tried. */
  keys_tried: number;
  claims: Record<string, unknown>;
  /** Whether `exp` lies in the past (the signature check ignores time, as jwt.io does). */
  expired: boolean | null;
}

function keyIssue(message: string): ValidationError {
  return new ValidationError(`key ${message}`, [{ path: 'body.key', message }]);
}

function tokenIssue(message: string): ValidationError {
  return new ValidationError(`token ${message}`, [{ path: 'body.token', message }]);
}

function kindOf(text: string): PastedKeyKind {
  const t = text.trim();
  if (looksPem(t)) return 'pem';
  if (t.startsWith('{')) return /"keys"\s*:/.test(t) ? 'jwks' : 'jwk';
  return 'secret';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Which pasted JWK is an asymmetric private key (RSA, EC, OKP: the `d` member), as words for
 * the refusal, or null. A private key verifies signatures too, but pasting one means a secret
 * left its owner; the PEM path refuses it the same way (`prepareStaticKey`).
 */
function privateJwkOf(keys: readonly unknown[]): string | null {
  const index = keys.findIndex((key) => isRecord(key) && key['kty'] !== 'oct' && 'd' in key);
  if (index < 0) return null;
  const key = keys[index] as Record<string, unknown>;
  return typeof key['kid'] === 'string' ? `key ${index + 1} (kid ${key['kid']})` : `key ${index + 1}`;
}

/** The pasted key text as keys for `alg`, or a 422 naming what is wrong with it. */
async function keysFrom(text: string, kind: PastedKeyKind, alg: string, kid: string | null): Promise<{ keys: SetKey[]; kids: string[] }> {
  if (kind === 'jwks' || kind === 'jwk') {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw keyIssue('is not valid JSON (a JWK, a JWKS document, a PEM key or a shared secret)');
    }
    const leaked = privateJwkOf(kind === 'jwk' ? [doc] : isRecord(doc) && Array.isArray(doc['keys']) ? doc['keys'] : []);
    if (leaked !== null) {
      throw keyIssue(
        kind === 'jwk'
          ? 'is a private key (it has the JWK "d" member); give its public key instead'
          : `holds a private key (${leaked} has the JWK "d" member); give the public keys instead`,
      );
    }
    let set;
    try {
      set = await importKeySet(kind === 'jwk' ? { keys: [doc] } : doc, alg);
    } catch (err) {
      if (err instanceof KeySetError) throw keyIssue('is not a JWKS document ({"keys": [...]})');
      throw err;
    }
    if (set.keys.length === 0) {
      const why = set.skipped.length > 0 ? set.skipped.join('; ') : 'the "keys" array is empty';
      throw keyIssue(`has no key usable with ${alg} (${why})`);
    }
    return { keys: keysForKid(set, kid), kids: set.kids };
  }
  if (kind === 'secret' && !alg.startsWith('HS')) {
    throw keyIssue(`is not a PEM public key, a JWK or a JWKS document; ${alg} needs one (a shared secret suits only HS*)`);
  }
  const prepared = await prepareStaticKey(kind === 'secret' ? text : text.trim(), alg);
  if (!prepared.ok) throw keyIssue(prepared.message);
  return { keys: [{ index: 0, kid: null, key: prepared.key }], kids: [] };
}

/**
 * Checks a token's signature against a key the user pasted (a PEM public key or certificate, a
 * JWK, a JWKS document or an HMAC secret) — jwt.io's habit, without touching the trusted keys.
 * Only the signature is checked; `exp` is reported beside it. A token or key that cannot be read
 * is a 422 naming the field; a signature that does not match is an answer (`verified: false`).
 */
export async function verifyWithKey(token: string, keyText: string, now: () => number = Date.now): Promise<KeyVerification> {
  const compact = token.trim().replace(/^Bearer\s+/i, '');
  let header;
  let claims: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(compact);
    claims = decodeJwt(compact) as Record<string, unknown>;
  } catch {
    throw tokenIssue('is not a signed JWT (three base64url parts: header, claims, signature)');
  }
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (alg === '' || alg.toLowerCase() === 'none') throw tokenIssue('is unsigned (alg "none"): there is no signature to check');
  const kid = typeof header.kid === 'string' ? header.kid : null;
  const kind = kindOf(keyText);
  const { keys, kids } = await keysFrom(keyText, kind, alg, kid);
  const exp = typeof claims.exp === 'number' ? claims.exp : null;
  const base = { alg, kid, key_kind: kind, keys_tried: 0, claims, expired: exp === null ? null : exp * 1000 < now() };
  for (const candidate of keys) {
    base.keys_tried++;
    try {
      await compactVerify(compact, candidate.key, { algorithms: [alg] });
      const which = candidate.kid === null ? `the pasted ${kind === 'secret' ? 'secret' : 'key'}` : `the key with kid ${candidate.kid}`;
      return { ...base, verified: true, matched_kid: candidate.kid, reason: `Signature verified with ${which} (${alg}).` };
    } catch (err) {
      if (err instanceof joseErrors.JWSInvalid) throw tokenIssue('has a signature part that cannot be read');
      if (!(err instanceof joseErrors.JWSSignatureVerificationFailed)) throw keyIssue(`cannot verify ${alg} signatures`);
    }
  }
  if (keys.length === 0) {
    return { ...base, verified: false, matched_kid: null, reason: `Not verified: ${kidMiss(kid, kids, 'the pasted set')}.` };
  }
  const tried = base.keys_tried === 1 ? 'the pasted key' : `any of the ${base.keys_tried} pasted keys`;
  return { ...base, verified: false, matched_kid: null, reason: `Signature does not match ${tried}: the token was signed with another key.` };
}
