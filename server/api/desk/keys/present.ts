import type { DeskKey } from '../schemas.js';
import { jwkThumbprint } from './jwk.js';
import type { KeyRecord, LocalKeys } from './store.js';

/** A key as the desk and the CLI show it: no key material, a fingerprint instead. */
export function toDeskKey(rec: KeyRecord, store: LocalKeys): DeskKey {
  const priv = rec.source === 'generated' ? store.privateJwk(rec.kid) : null;
  const material = rec.public_jwk ?? priv;
  return {
    kid: rec.kid,
    alg: rec.alg,
    kty: rec.kty,
    crv: material && 'crv' in material && typeof material.crv === 'string' ? material.crv : null,
    use: rec.use,
    fingerprint: material ? jwkThumbprint(material) : '',
    trusted: rec.trusted,
    source: rec.source,
    has_private: priv !== null,
    created_at: rec.created_at,
    origin: rec.origin ?? null,
  };
}
