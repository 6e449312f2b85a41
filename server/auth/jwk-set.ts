import { importJWK, type JWK } from 'jose';
import { KeySetError } from './key-errors.js';
import type { VerifyKey } from './key-material.js';

/**
 * Parsing a JWKS document (`{ "keys": [ { kty, kid, use, alg, ... } ] }`)
 * into keys usable with the configured algorithm. Keys meant for encryption or another
 * algorithm are skipped, not errors: provider key sets routinely mix them.
 */

export interface SetKey {
  /** Position in the file's `keys` array. */
  index: number;
  kid: string | null;
  key: VerifyKey;
}

export interface ParsedKeySet {
  keys: SetKey[];
  /** Every `kid` in the document, usable or not, for "the file has kids A, B". */
  kids: string[];
  /** One clause per skipped key, e.g. `key 2 (kid "enc-1"): use is "enc"`. */
  skipped: string[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

function label(index: number, kid: string | null): string {
  return kid === null ? `key ${index}` : `key ${index} (kid "${kid}")`;
}

/**
 * Parses JWKS JSON text. Throws a `KeySetError` when it is not a JWKS document; a document with
 * no key usable with `algorithm` is an empty set, not an error.
 */
export async function parseKeySet(text: string, algorithm: string): Promise<ParsedKeySet> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new KeySetError('not_json', { cause: err });
  }
  return importKeySet(doc, algorithm);
}

export async function importKeySet(doc: unknown, algorithm: string): Promise<ParsedKeySet> {
  const list = (doc as { keys?: unknown } | null)?.keys;
  if (typeof doc !== 'object' || doc === null || !Array.isArray(list)) {
    throw new KeySetError('not_a_key_set');
  }
  const keys: SetKey[] = [];
  const kids: string[] = [];
  const skipped: string[] = [];
  for (const [index, entry] of list.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      skipped.push(`key ${index}: is not an object`);
      continue;
    }
    const jwk = { ...(entry as JWK) };
    const kid = typeof jwk.kid === 'string' ? jwk.kid : null;
    if (kid !== null) kids.push(kid);
    if (jwk.use !== undefined && jwk.use !== 'sig') {
      skipped.push(`${label(index, kid)}: use is "${String(jwk.use)}"`);
      continue;
    }
    if (jwk.alg !== undefined && jwk.alg !== algorithm) {
      skipped.push(`${label(index, kid)}: alg is ${String(jwk.alg)}, not ${algorithm}`);
      continue;
    }
    // Only the public half is needed; a set that carries private members still verifies.
    if (jwk.kty !== 'oct') for (const m of PRIVATE_MEMBERS) delete jwk[m];
    try {
      keys.push({ index, kid, key: (await importJWK(jwk, algorithm)) as VerifyKey });
    } catch {
      skipped.push(`${label(index, kid)}: a ${String(jwk.kty)} key does not suit ${algorithm}`);
    }
  }
  return { keys, kids, skipped };
}

/**
 * "has no key usable with RS256 (…)" for a set with no usable key, else null. Such a set is not
 * broken: it trusts nothing, so every token is refused (revoking the last key takes effect).
 */
export function emptySetWarning(set: ParsedKeySet, algorithm: string): string | null {
  if (set.keys.length > 0) return null;
  const why = set.skipped.length > 0 ? ` (${set.skipped.join('; ')})` : ' (the "keys" array is empty)';
  return `has no key usable with ${algorithm}${why}; every token is refused until a key for ${algorithm} is trusted`;
}

/**
 * The keys to try for a token's `kid`: those with that kid, then keys without
 * a kid, which serve as defaults. A token without a kid tries the kid-less keys, or every
 * key when there are none — order only costs time, the signature still has to verify.
 */
export function keysForKid(set: ParsedKeySet, kid: string | null): SetKey[] {
  const defaults = set.keys.filter((k) => k.kid === null);
  if (kid === null) return defaults.length > 0 ? defaults : set.keys;
  return [...set.keys.filter((k) => k.kid === kid), ...defaults];
}

/** "no key with kid X; the file has kids A, B" */
export function kidMiss(kid: string | null, kids: readonly string[], where: string): string {
  const has = kids.length > 0 ? `${where} has kids ${kids.join(', ')}` : `${where} has no kids`;
  return kid === null ? `the token has no kid and ${has}` : `no key with kid ${kid}; ${has}`;
}
