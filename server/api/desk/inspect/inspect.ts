import type { z } from 'zod';
import type { AuthLayer, KeyRef } from '../../../auth/types.js';
import { MAX_KEY_FILE_BYTES, readRegularFileSync } from '../../../files/regular-file.js';
import type { Settings } from '../../../settings/schema.js';
import type { DeskInspectResponseSchema } from '../schemas.js';
import { lintToken, type LintKeyInfo } from './lint.js';

export type DeskInspection = z.infer<typeof DeskInspectResponseSchema>;

/** Byte length of the HMAC secret that `ref` names, when it can be known. */
function hmacSecretBytes(ref: KeyRef, settings: Settings): number | null {
  const auth = settings.auth;
  if (ref.source === 'verification_keys' && ref.index !== null) {
    const text = auth.verification_keys?.[ref.index];
    return text === undefined ? null : Buffer.byteLength(text, 'utf8');
  }
  if (ref.source === 'secret_key' && auth.secret_key) return Buffer.byteLength(auth.secret_key, 'utf8');
  if (ref.source === 'jwks_file' && ref.index !== null && auth.jwks_file) {
    try {
      const doc = JSON.parse(readRegularFileSync(auth.jwks_file, MAX_KEY_FILE_BYTES)) as { keys?: { k?: unknown }[] };
      const k = doc.keys?.[ref.index]?.k;
      return typeof k === 'string' ? Buffer.from(k, 'base64url').length : null;
    } catch {
      return null;
    }
  }
  return null;
}

function keyInfoFor(verifiedBy: KeyRef | null, alg: unknown, settings: Settings): LintKeyInfo {
  if (typeof alg !== 'string') return null;
  if (!alg.startsWith('HS')) return alg.toLowerCase() === 'none' ? null : { kind: 'asymmetric' };
  if (!verifiedBy) return null;
  const bytes = hmacSecretBytes(verifiedBy, settings);
  return bytes === null ? null : { kind: 'hmac', secretBytes: bytes };
}

/**
 * What the auth layer decides for `token` on one request line, explained (the layer's own
 * inspection, so the answer is what the server does), plus lint warnings for things that
 * are legal but usually a mistake.
 *
 * @example
 * const r = await inspectRequest(runtime.auth(), runtime.settings().settings, { token, method: 'GET', path: '/agents' });
 * r.status; // 200 | 401 | 403
 */
export async function inspectRequest(
  layer: AuthLayer,
  settings: Settings,
  input: { token: string; method: string; path: string },
): Promise<DeskInspection> {
  const inspection = await layer.inspectToken({ token: input.token, method: input.method.toUpperCase(), path: input.path });
  const lint =
    inspection.header && inspection.claims
      ? lintToken(inspection.header, inspection.claims, settings.auth, keyInfoFor(inspection.verification.verified_by, inspection.header.alg, settings))
      : [];
  return { ...inspection, lint };
}
