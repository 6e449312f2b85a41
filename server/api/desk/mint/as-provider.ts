import crypto from 'node:crypto';
import path from 'node:path';
import { CompactSign, importJWK } from 'jose';
import type { AuthSettings } from '../../../settings/schema.js';
import type { Jwk } from '../keys/jwk.js';
import { fixtureKid, presetJwksPath, readFixtureKeys } from '../presets/fixture.js';
import { PRESET_NAMES, PRESETS, type IdpPreset, type PresetName } from '../presets/presets.js';
import { setClaim } from './claims.js';
import type { MintResult } from './mint.js';

/**
 * Minting "as the identity provider would": while the settings trust a preset's fixture JWKS
 * (`<data-dir>/idp/<name>.jwks.json`, set by "Use preset + fixture JWKS"), a token signed by a
 * rundesk key would be refused as an unknown kid. The fixture's own key stands in for the
 * provider instead: its kid, its issuer, its claim shapes — with the user and scopes asked for.
 */
export interface ProviderSigner {
  preset: IdpPreset;
  kid: string;
  privateJwk: Jwk;
}

/** The provider whose fixture JWKS the settings trust, with its signing key; null otherwise. */
export function providerSigner(dataDir: string, auth: Pick<AuthSettings, 'jwks_file'>): ProviderSigner | null {
  if (!auth.jwks_file) return null;
  const trusted = path.resolve(auth.jwks_file);
  const name = PRESET_NAMES.find((n) => path.resolve(presetJwksPath(dataDir, n)) === trusted);
  if (name === undefined) return null;
  const key = readFixtureKeys(dataDir, name)?.[0];
  return key ? { preset: PRESETS[name], kid: fixtureKid(name as PresetName, key), privateJwk: key } : null;
}

export interface ProviderMintRequest {
  sub: string;
  /** The service's scopes (`sessions:read`) or the provider's spelling (`org:sessions:read`). */
  scopes: string[];
  ttl: number;
  session_id: string | null;
  /** Extra claims, merged last (dotted names nest). */
  claims: Record<string, unknown>;
}

/** A service scope (`sessions:read`, `agents:a1:read`) is respelled the provider's way; anything else is kept as typed. */
const SERVICE_SCOPE = /^[a-z][a-z_]*(:[^:\s]+)?:[a-z*]+$/;

export async function mintAsProvider(
  signer: ProviderSigner,
  request: ProviderMintRequest,
  auth: Pick<AuthSettings, 'user_id_claim' | 'session_id_claim'>,
  nowSeconds: number,
): Promise<MintResult> {
  const { preset } = signer;
  const iat = Math.floor(nowSeconds);
  const exp = iat + request.ttl;
  const scopes = [...preset.baseScopes, ...request.scopes.map((s) => (SERVICE_SCOPE.test(s) ? preset.spell(s) : s))];
  const nonce = crypto.randomBytes(16).toString('hex');
  const claims = preset.claims({ identity: { ...preset.identity, sub: request.sub }, scopes: [...new Set(scopes)], iat, exp, nonce });
  // The user is whoever the settings read the user id from (Okta's uid, Entra's oid…).
  setClaim(claims, auth.user_id_claim, request.sub);
  if (request.session_id !== null) setClaim(claims, auth.session_id_claim, request.session_id);
  for (const [name, value] of Object.entries(request.claims)) setClaim(claims, name, value);
  const header: Record<string, unknown> = { alg: 'RS256', kid: signer.kid, ...(preset.headerTyp ? { typ: preset.headerTyp } : {}) };
  if (preset.name === 'entra') header.x5t = signer.kid;
  const key = await importJWK(signer.privateJwk, 'RS256');
  const token = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader(header as { alg: string }).sign(key);
  return { token, header, claims, kid: signer.kid, alg: 'RS256', defect: null, expires_at: exp };
}
