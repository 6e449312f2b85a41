import { createPublicKey, type KeyObject } from 'node:crypto';
import type { CryptoKey } from 'jose';
import { importSPKI, importX509 } from 'jose';

/** What key type an algorithm needs; used for clear "does not suit" messages. */
export function keyKindFor(algorithm: string): 'secret' | 'rsa' | 'ec' | 'okp' {
  if (algorithm.startsWith('HS')) return 'secret';
  if (algorithm.startsWith('RS') || algorithm.startsWith('PS')) return 'rsa';
  if (algorithm.startsWith('ES')) return 'ec';
  return 'okp';
}

export function isSymmetric(algorithm: string): boolean {
  return keyKindFor(algorithm) === 'secret';
}

/** A key prepared for jose: a CryptoKey for asymmetric algorithms, bytes for HS*. */
export type VerifyKey = CryptoKey | Uint8Array;

export type PreparedKey = { ok: true; key: VerifyKey; type: string } | { ok: false; message: string };

/** Settings and env vars often carry PEMs with literal `\n`; restore real line breaks. */
function normalizePem(text: string): string {
  const trimmed = text.trim();
  return trimmed.includes('\n') ? trimmed : trimmed.replace(/\\n/g, '\n');
}

function describe(key: KeyObject): string {
  const type = key.asymmetricKeyType ?? 'unknown';
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${type.toUpperCase()} (${curve})` : type === 'rsa-pss' ? 'RSA-PSS' : type.toUpperCase();
}

/** Whether key text is PEM (a public key or certificate) rather than a shared secret. */
export function looksPem(text: string): boolean {
  return text.includes('-----BEGIN');
}

/**
 * Turns one `verification_keys` entry into a key for `algorithm`, or says in one clause
 * why it cannot be (the caller prefixes the setting's name). Accepts SPKI public keys,
 * PKCS#1 RSA public keys and X.509 certificates; refuses private keys, which do not
 * belong in settings.
 */
export async function prepareStaticKey(text: string, algorithm: string): Promise<PreparedKey> {
  const pemText = looksPem(text);
  if (isSymmetric(algorithm)) {
    if (pemText) return { ok: false, message: `is a PEM key, but ${algorithm} needs a shared secret` };
    return { ok: true, key: new TextEncoder().encode(text), type: 'secret' };
  }
  if (!pemText) {
    return { ok: false, message: `is not a PEM public key; ${algorithm} needs one (a shared secret suits only HS*)` };
  }
  const pem = normalizePem(text);
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1] ?? '';
  if (label.includes('PRIVATE')) return { ok: false, message: 'is a private key; give its public key instead' };
  let object: KeyObject;
  try {
    object = createPublicKey(pem);
  } catch {
    return { ok: false, message: 'is not a readable PEM public key or certificate' };
  }
  try {
    const key =
      label === 'CERTIFICATE'
        ? await importX509(pem, algorithm)
        : await importSPKI(object.export({ type: 'spki', format: 'pem' }).toString(), algorithm);
    return { ok: true, key, type: describe(object) };
  } catch {
    return { ok: false, message: `is an ${describe(object)} key, which does not suit ${algorithm}` };
  }
}
