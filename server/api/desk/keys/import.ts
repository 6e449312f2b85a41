import crypto from 'node:crypto';
import type { FieldIssue } from '../../../errors.js';
import { ValidationError } from '../../../errors.js';
import { SUPPORTED_ALGORITHMS, type SupportedAlgorithm } from '../../../settings/schema.js';
import { KeyMaterialError } from '../../../auth/trusted-key-errors.js';
import { algorithmsFor, JwkSchema, jwkThumbprint, publicJwk, type Jwk } from './jwk.js';

/** A public key ready to be added to the store. */
export interface ImportCandidate {
  kid: string;
  alg: SupportedAlgorithm;
  jwk: Jwk;
  /** Set when the input held private material that was dropped. */
  note?: string;
}

export interface ImportOptions {
  /** kid for a key that has none (PEM); only when the input holds exactly one key. */
  kid?: string | undefined;
  /** Algorithm for keys that do not say (PEM, JWK without `alg`); defaults by key type. */
  alg?: SupportedAlgorithm | undefined;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

function isSupportedAlg(value: unknown): value is SupportedAlgorithm {
  return typeof value === 'string' && (SUPPORTED_ALGORITHMS as readonly string[]).includes(value);
}

/** JWK members (RFC 7517/7518) whose names may appear in an error; anything else is "a member". */
const JWK_MEMBERS = new Set(['kty', 'kid', 'alg', 'use', 'key_ops', 'n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi', 'crv', 'x', 'y', 'k', 'x5c', 'x5t', 'x5u']);

function memberName(p: readonly PropertyKey[]): string {
  if (p.length === 0) return 'key';
  const head = p[0];
  return typeof head === 'string' && JWK_MEMBERS.has(head) ? head : 'a member';
}

/** Text pasted from env files or JSON strings often carries literal `\n`. */
function normalizeText(text: string): string {
  const trimmed = text.trim();
  return trimmed.includes('-----BEGIN') && !trimmed.includes('\n') ? trimmed.replace(/\\n/g, '\n') : trimmed;
}

function exportJwk(key: crypto.KeyObject, where: string): Jwk {
  let raw: unknown;
  try {
    raw = key.export({ format: 'jwk' });
  } catch (err) {
    throw new KeyMaterialError(where, `${key.asymmetricKeyType ?? 'this'} keys cannot be used to verify JWTs here`, { cause: err });
  }
  const parsed = JwkSchema.safeParse(raw);
  if (!parsed.success) throw new KeyMaterialError(where, `${key.asymmetricKeyType ?? 'this'} keys are not supported (RSA, EC P-256/384/521, Ed25519 are)`);
  return parsed.data;
}

function fromPemBlock(label: string, block: string, where: string): { jwk: Jwk; droppedPrivate: boolean } {
  if (label === 'ENCRYPTED PRIVATE KEY') {
    throw new KeyMaterialError(where, 'encrypted private keys are not supported; import the public key instead');
  }
  try {
    if (label === 'CERTIFICATE') return { jwk: exportJwk(new crypto.X509Certificate(block).publicKey, where), droppedPrivate: false };
    if (label.includes('PRIVATE KEY')) {
      return { jwk: exportJwk(crypto.createPublicKey(crypto.createPrivateKey(block)), where), droppedPrivate: true };
    }
    if (label.includes('PUBLIC KEY')) return { jwk: exportJwk(crypto.createPublicKey(block), where), droppedPrivate: false };
  } catch (err) {
    if (err instanceof KeyMaterialError) throw err;
    throw new KeyMaterialError(where, `the ${label} block cannot be read`, { cause: err });
  }
  throw new KeyMaterialError(where, `a ${label} block is not a key (expected PUBLIC KEY, PRIVATE KEY or CERTIFICATE)`);
}

function chooseAlg(jwk: Jwk, requested: SupportedAlgorithm | undefined, where: string): SupportedAlgorithm {
  const fits = algorithmsFor(jwk);
  const declared = jwk.alg;
  if (declared !== undefined) {
    if (!isSupportedAlg(declared)) throw new KeyMaterialError(where, `alg is not a supported signing algorithm (${SUPPORTED_ALGORITHMS.join(', ')} are)`);
    if (!fits.includes(declared)) throw new KeyMaterialError(where, `alg ${declared} does not suit a ${jwk.kty} key`);
    return declared;
  }
  if (requested !== undefined) {
    if (!fits.includes(requested)) throw new KeyMaterialError(where, `${requested} does not suit a ${jwk.kty} key (use ${fits.join(', ')})`);
    return requested;
  }
  return fits[0] as SupportedAlgorithm;
}

/**
 * Parses pasted key material: PEM public keys, PEM private keys (only the public half is
 * kept), X.509 certificates, a JWK or a JWKS. Every key in the input must be usable, or the
 * whole import is refused with one issue per bad key, so nothing half-applies.
 *
 * @example
 * parseKeyMaterial(fs.readFileSync('auth0.jwks.json', 'utf8')); // [{ kid: 'abc', alg: 'RS256', jwk }]
 */
export function parseKeyMaterial(text: string, opts: ImportOptions = {}): ImportCandidate[] {
  const input = normalizeText(text);
  const issues: FieldIssue[] = [];
  const found: { jwk: Jwk; droppedPrivate: boolean; where: string }[] = [];

  if (input === '') throw new ValidationError('Nothing to import: the key text is empty', [{ path: 'text', message: 'is empty' }]);

  if (input.startsWith('{') || input.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(input);
    } catch {
      throw new ValidationError('The key text starts like JSON but is not valid JSON', [{ path: 'text', message: 'is not valid JSON' }]);
    }
    const isSet = typeof json === 'object' && json !== null && !Array.isArray(json) && 'keys' in json;
    const list: unknown[] = isSet ? ((json as { keys: unknown }).keys as unknown[]) : [json];
    if (!Array.isArray(list) || list.length === 0) {
      throw new ValidationError('The JWKS has no keys', [{ path: 'keys', message: 'must be a non-empty array' }]);
    }
    list.forEach((item, i) => {
      const where = isSet ? `keys[${i}]` : 'jwk';
      const parsed = JwkSchema.safeParse(item);
      if (!parsed.success) {
        // The input may be any JSON file on this machine: name the members at fault, never echo values.
        const kty = (item as { kty?: unknown } | null)?.kty;
        issues.push({
          path: where,
          message:
            typeof kty === 'string' && !['RSA', 'EC', 'OKP', 'oct'].includes(kty)
              ? 'kty is not supported (RSA, EC and OKP keys are)'
              : `is not a valid JWK (${parsed.error.issues.map((x) => `${memberName(x.path)}: ${x.message}`).join(', ')})`,
        });
        return;
      }
      if (parsed.data.kty === 'oct') {
        issues.push({ path: where, message: 'is a shared secret (oct); put HMAC secrets in auth.verification_keys instead of importing them' });
        return;
      }
      if (parsed.data.use !== undefined && parsed.data.use !== 'sig') {
        issues.push({ path: where, message: 'has a use other than "sig"; only signature keys verify tokens' });
        return;
      }
      found.push({ jwk: parsed.data, droppedPrivate: typeof (parsed.data as { d?: unknown }).d === 'string', where });
    });
  } else if (input.includes('-----BEGIN')) {
    let i = 0;
    for (const match of input.matchAll(PEM_BLOCK)) {
      const where = `pem[${i}]`;
      i += 1;
      try {
        found.push({ ...fromPemBlock(match[1] as string, match[0], where), where });
      } catch (err) {
        if (!(err instanceof KeyMaterialError)) throw err;
        issues.push(err.issue);
      }
    }
    if (i === 0) throw new ValidationError('The PEM text has a BEGIN line without a matching END line', [{ path: 'text', message: 'has an unterminated PEM block' }]);
  } else {
    throw new ValidationError('Not a key: expected a PEM public/private key, an X.509 certificate, a JWK or a JWKS', [
      { path: 'text', message: 'is not PEM or JSON' },
    ]);
  }

  if (opts.kid !== undefined && found.length + issues.length > 1) {
    issues.push({ path: 'kid', message: 'can only be given when the input holds exactly one key' });
  }

  const out: ImportCandidate[] = [];
  for (const f of found) {
    try {
      const alg = chooseAlg(f.jwk, opts.alg, f.where);
      const pub = publicJwk(f.jwk);
      // A key without a kid gets its RFC 7638 thumbprint: stable, so re-imports are recognised.
      const kid = f.jwk.kid ?? opts.kid ?? jwkThumbprint(pub);
      out.push({
        kid,
        alg,
        jwk: pub,
        ...(f.droppedPrivate ? { note: 'private material was dropped; only the public key is kept' } : {}),
      });
    } catch (err) {
      if (!(err instanceof KeyMaterialError)) throw err;
      issues.push(err.issue);
    }
  }
  if (issues.length > 0) {
    throw new ValidationError(`Import refused: ${issues.map((x) => `${x.path} ${x.message}`).join('; ')}`, issues);
  }
  return out;
}
