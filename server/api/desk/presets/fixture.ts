import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CompactSign, importJWK } from 'jose';
import { z } from 'zod';
import { checkedScope } from '../../../auth/index.js';
import { writeFileAtomic } from '../../../files/atomic-write.js';
import { generateKey } from '../keys/generate.js';
import { JwkSchema, jwkThumbprint, publicJwk, type Jwk } from '../keys/jwk.js';
import type { Jwks } from '../keys/store.js';
import { presetAuthPatch, PRESETS, type PresetName } from './presets.js';

/** `<data-dir>/idp/`: fixture key sets that stand in for a provider's JWKS endpoint. */
export const IDP_DIR = 'idp';

export function presetJwksPath(dataDir: string, name: PresetName): string {
  return path.join(dataDir, IDP_DIR, `${name}.jwks.json`);
}

function presetKeyPath(dataDir: string, name: PresetName): string {
  return path.join(dataDir, IDP_DIR, `${name}.keys.json`);
}

export type FixtureTokenName = 'reader' | 'admin' | 'no_scopes' | 'expired';

export interface FixtureToken {
  name: FixtureTokenName;
  description: string;
  token: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** What the run endpoint answers with the preset applied. */
  expected_status: 200 | 401 | 403;
}

export interface PresetFixture {
  preset: PresetName;
  issuer: string;
  jwks_path: string;
  jwks: Jwks;
  /** The preset's `auth` patch plus `jwks_file` pointing at the fixture's JWKS. */
  settings_patch: Record<string, unknown>;
  tokens: FixtureToken[];
}

const StoredKeysSchema = z.object({ keys: z.array(JwkSchema).min(1) });

/**
 * The fixture's signing keys: two RSA keys, like a provider mid-rotation (the first signs).
 * Kept across calls so tokens handed out earlier keep verifying.
 */
async function fixtureKeys(dataDir: string, name: PresetName): Promise<Jwk[]> {
  const file = presetKeyPath(dataDir, name);
  try {
    const parsed = StoredKeysSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success && parsed.data.keys.every((k) => k.kty === 'RSA' && typeof (k as { d?: unknown }).d === 'string')) {
      return parsed.data.keys;
    }
  } catch {
    // Missing or damaged: make new ones below.
  }
  const keys = [(await generateKey('RS256')).privateJwk, (await generateKey('RS256')).privateJwk];
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileAtomic(file, `${JSON.stringify({ keys }, null, 2)}\n`);
  return keys;
}

/** The fixture's signing keys as stored, or null when none were made yet (never creates them). */
export function readFixtureKeys(dataDir: string, name: PresetName): Jwk[] | null {
  try {
    const parsed = StoredKeysSchema.safeParse(JSON.parse(fs.readFileSync(presetKeyPath(dataDir, name), 'utf8')));
    return parsed.success && parsed.data.keys.every((k) => k.kty === 'RSA' && typeof (k as { d?: unknown }).d === 'string') ? parsed.data.keys : null;
  } catch {
    return null;
  }
}

/** The kid a fixture key is published under, in the provider's style. */
export function fixtureKid(name: PresetName, privateKey: Jwk): string {
  return PRESETS[name].kidFor(jwkThumbprint(publicJwk(privateKey) as Extract<Jwk, { kty: 'RSA' }>));
}

/** Provider default lifetimes where they suit a try-it-now fixture (Auth0: 24 h). */
const LIFETIME: Record<PresetName, number> = { auth0: 86400, okta: 3600, entra: 3900, keycloak: 3600, cognito: 3600, clerk: 3600 };

const READ_SCOPES = ['sessions:read', 'agents:read', 'teams:read', 'workflows:read'];

/**
 * Writes the preset's JWKS to `<data-dir>/idp/<name>.jwks.json` and signs sample tokens in
 * the provider's exact claim shapes, so the whole flow works offline: apply the settings
 * patch, paste a token, see it allowed (or refused, for the bad ones).
 *
 * @example
 * const fx = await generatePresetFixture(dataDir, 'auth0', Date.now() / 1000);
 * await runtime.applySettings({ ...current, auth: { ...current.auth, ...fx.settings_patch } });
 */
export async function generatePresetFixture(dataDir: string, name: PresetName, nowSeconds: number): Promise<PresetFixture> {
  const preset = PRESETS[name];
  const privateKeys = await fixtureKeys(dataDir, name);
  const publicKeys = privateKeys.map((k) => {
    const pub = publicJwk(k) as Extract<Jwk, { kty: 'RSA' }>;
    const kid = fixtureKid(name, k);
    // Provider key sets list kty, use, kid, then material (and alg where they publish it).
    return { kty: pub.kty, use: 'sig', kid, ...(preset.jwksHasAlg ? { alg: 'RS256' } : {}), n: pub.n, e: pub.e } as Jwk;
  });
  const jwks: Jwks = { keys: publicKeys };
  const jwksPath = presetJwksPath(dataDir, name);
  writeFileAtomic(jwksPath, `${JSON.stringify(jwks, null, 2)}\n`);

  const signer = privateKeys[0] as Jwk;
  const kid = (publicKeys[0] as Jwk).kid as string;
  const key = await importJWK(signer, 'RS256');
  const iat = Math.floor(nowSeconds);
  const adminScope = String(preset.auth.admin_scope ?? 'platform:admin');

  // AgentOS's scope check reads a mapping scope only as `resource:action` (or with an id, which
  // off agent/team/workflow paths grants nothing): Clerk's `org:sessions:read` satisfies no
  // respelled mapping there, so that reader is refused, as here.
  const readable = READ_SCOPES.map(preset.spell).every((s) => checkedScope(s)?.id === null);
  const specs: { name: FixtureTokenName; description: string; scopes: string[]; iat: number; exp: number; expected: 200 | 401 | 403 }[] = [
    {
      name: 'reader',
      description: readable
        ? 'Read access to sessions, agents, teams and workflows: the run endpoint answers 200.'
        : `Read access as the provider spells it (${preset.spell('sessions:read')}): AgentOS's scope check reads no such name, so the respelled mappings refuse it there and here (403). Name the provider's permissions as the service's scopes (sessions:read) for tokens that pass.`,
      scopes: [...preset.baseScopes, ...READ_SCOPES.map(preset.spell)],
      iat,
      exp: iat + LIFETIME[name],
      expected: readable ? 200 : 403,
    },
    {
      name: 'admin',
      description: `Holds the admin scope (${adminScope}): full access.`,
      scopes: [...preset.baseScopes, adminScope],
      iat,
      exp: iat + LIFETIME[name],
      expected: 200,
    },
    {
      name: 'no_scopes',
      description: 'Signed and valid, but without any of the service\'s scopes: the run endpoint answers 403.',
      scopes: [...preset.baseScopes],
      iat,
      exp: iat + LIFETIME[name],
      expected: 403,
    },
    {
      name: 'expired',
      description: 'The reader token, but it expired an hour ago: 401.',
      scopes: [...preset.baseScopes, ...READ_SCOPES.map(preset.spell)],
      iat: iat - 3600 - LIFETIME[name],
      exp: iat - 3600,
      expected: 401,
    },
  ];

  const tokens: FixtureToken[] = [];
  for (const spec of specs) {
    const nonce = crypto.createHash('sha256').update(`${name}:${spec.name}:${spec.iat}`).digest('hex');
    const claims = preset.claims({ identity: preset.identity, scopes: spec.scopes, iat: spec.iat, exp: spec.exp, nonce });
    const header: Record<string, unknown> = { alg: 'RS256', kid, ...(preset.headerTyp ? { typ: preset.headerTyp } : {}) };
    if (name === 'entra') header.x5t = kid;
    const token = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader(header as { alg: string })
      .sign(key);
    tokens.push({ name: spec.name, description: spec.description, token, header, claims, expected_status: spec.expected });
  }

  return {
    preset: name,
    issuer: preset.issuer,
    jwks_path: jwksPath,
    jwks,
    settings_patch: { ...presetAuthPatch(name), jwks_file: jwksPath },
    tokens,
  };
}
