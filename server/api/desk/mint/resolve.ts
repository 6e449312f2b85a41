import type { Settings } from '../../../settings/schema.js';
import type { SigningKey } from '../keys/store.js';
import type { DeskMintRequest } from '../schemas.js';
import { DEMO_USER } from '../sample-data.js';
import type { MintSpec } from './mint.js';

/** Issuer of minted tokens unless the request names one. */
export const DEFAULT_ISSUER = 'rundesk';
/**
 * Header `typ` of minted tokens: `at+jwt`, the RFC 9068 media type for JWT access tokens,
 * so a minted token passes the lint and a strict resource server alike.
 */
export const DEFAULT_TYP = 'at+jwt';

/**
 * Fills a mint request's gaps from the live settings, so a token minted with no options is
 * one the server accepts: the settings' algorithm and claim names, its expected audience,
 * the local key for that algorithm.
 */
export function resolveMintRequest(body: DeskMintRequest, settings: Settings, keys: readonly SigningKey[]): MintSpec {
  const auth = settings.auth;
  const keyAlg = body.key !== undefined ? keys.find((k) => k.kid === body.key)?.alg : undefined;
  const alg = body.alg ?? keyAlg ?? auth.algorithm;
  const scopesClaim = body.scopes_claim ?? auth.scopes_claim;
  const expectedAudience = auth.audience ?? settings.os_id;
  return {
    sub: body.sub === undefined ? DEMO_USER : body.sub,
    scopes: body.scopes,
    aud: body.aud === undefined ? expectedAudience : body.aud,
    ttl: body.ttl,
    no_exp: body.no_exp,
    iss: body.iss === undefined ? DEFAULT_ISSUER : body.iss,
    session_id: body.session_id ?? null,
    claims: body.claims,
    scopes_claim: scopesClaim,
    // OAuth's `scope` (RFC 8693 / 9068) is a space-delimited string; every other name a list.
    scopes_format: body.scopes_format ?? (scopesClaim === 'scope' ? 'string' : 'array'),
    user_id_claim: body.user_id_claim ?? auth.user_id_claim,
    session_id_claim: body.session_id_claim ?? auth.session_id_claim,
    audience_claim: body.audience_claim ?? auth.audience_claim,
    kid: body.key ?? null,
    alg,
    typ: body.typ === undefined ? DEFAULT_TYP : body.typ,
    defect: body.defect ?? null,
    admin_scope: auth.admin_scope,
  };
}
