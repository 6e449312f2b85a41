import type { SettingsInput } from '../../../settings/schema.js';
import { prefixed, respelledMappings, sameSpelling, type ScopeSpelling } from './scope-names.js';

type AuthPatch = NonNullable<SettingsInput['auth']>;

export const PRESET_NAMES = ['auth0', 'okta', 'entra', 'keycloak', 'cognito', 'clerk'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** Who the sample tokens are about, in the provider's own id formats. */
export interface SampleIdentity {
  sub: string;
  name: string;
  email: string;
}

export interface TokenShapeInput {
  identity: SampleIdentity;
  /** Already spelled the provider's way. */
  scopes: string[];
  iat: number;
  exp: number;
  /** Deterministic per-token randomness (jti-like ids). */
  nonce: string;
}

/**
 * An identity provider as rundesk sees it: how its access tokens are shaped and which
 * settings make the auth layer read them. Issuers and audiences follow each provider's real
 * format with example tenants, so what works against the fixture works against the tenant
 * once its JWKS and names are swapped in.
 */
export interface IdpPreset {
  name: PresetName;
  title: string;
  description: string;
  /** Where the provider publishes its keys, for the real tenant (informational). */
  jwksUriExample: string;
  issuer: string;
  /** The settings' `auth` patch (without `jwks_file`, which the fixture adds). */
  auth: AuthPatch;
  spell: ScopeSpelling;
  /** Header members besides alg and kid. */
  headerTyp: string | null;
  /** kid in the provider's style, derived from the key's thumbprint. */
  kidFor(thumbprint: string): string;
  /** Whether the JWKS entries carry `alg` (Entra's do not). */
  jwksHasAlg: boolean;
  identity: SampleIdentity;
  claims(input: TokenShapeInput): Record<string, unknown>;
  /** Scopes that are always in the token, whatever the service scopes (e.g. `openid`). */
  baseScopes: string[];
}

const b64 = (thumb: string) => Buffer.from(thumb, 'base64url').toString('base64');

const AUTH0_TENANT = 'https://example-tenant.us.auth0.com/';
const AUTH0_API = 'https://api.rundesk.example';
const auth0: IdpPreset = {
  name: 'auth0',
  title: 'Auth0',
  description: 'Auth0 API access tokens with RBAC "Add Permissions in the Access Token": permissions in a `permissions` array, RS256, the API identifier as audience.',
  jwksUriExample: `${AUTH0_TENANT}.well-known/jwks.json`,
  issuer: AUTH0_TENANT,
  auth: { algorithm: 'RS256', authorization: true, scopes_claim: 'permissions', user_id_claim: 'sub', audience: AUTH0_API, verify_audience: true },
  spell: sameSpelling,
  headerTyp: 'JWT',
  kidFor: (t) => t.slice(0, 22),
  jwksHasAlg: true,
  identity: { sub: 'auth0|6650f0c0a1b2c3d4e5f60718', name: 'Ada Lovelace', email: 'ada@example.com' },
  baseScopes: [],
  claims: ({ identity, scopes, iat, exp }) => ({
    iss: AUTH0_TENANT,
    sub: identity.sub,
    aud: [AUTH0_API, `${AUTH0_TENANT}userinfo`],
    iat,
    exp,
    scope: 'openid profile email',
    azp: 'Xk3kD9vQm2LpT7sRw4YzB8nHc1JfGa5E',
    permissions: scopes,
  }),
};

const OKTA_ISSUER = 'https://dev-12345678.okta.com/oauth2/default';
const okta: IdpPreset = {
  name: 'okta',
  title: 'Okta',
  description: 'Okta custom authorization server access tokens: scopes in an `scp` array, RS256, audience `api://default`, the Okta user id in `uid`.',
  jwksUriExample: `${OKTA_ISSUER}/v1/keys`,
  issuer: OKTA_ISSUER,
  auth: { algorithm: 'RS256', authorization: true, scopes_claim: 'scp', user_id_claim: 'uid', audience: 'api://default', verify_audience: true },
  spell: sameSpelling,
  headerTyp: null,
  kidFor: (t) => t,
  jwksHasAlg: true,
  identity: { sub: 'ada@example.com', name: 'Ada Lovelace', email: 'ada@example.com' },
  baseScopes: ['openid', 'profile'],
  claims: ({ identity, scopes, iat, exp, nonce }) => ({
    ver: 1,
    jti: `AT.${nonce}`,
    iss: OKTA_ISSUER,
    aud: 'api://default',
    iat,
    exp,
    cid: '0oa1b2c3d4E5F6g7H8i9',
    uid: '00u1a2b3c4D5E6F7G8h9',
    scp: scopes,
    auth_time: iat - 30,
    sub: identity.sub,
  }),
};

const ENTRA_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const ENTRA_API_CLIENT = '3f2a1b0c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ENTRA_ISSUER = `https://login.microsoftonline.com/${ENTRA_TENANT}/v2.0`;
const entra: IdpPreset = {
  name: 'entra',
  title: 'Microsoft Entra ID',
  description:
    'Entra ID v2.0 access tokens for your API: delegated permissions in `scp` as one space-delimited string, app roles in `roles`, the object id in `oid`, the API\'s client id as audience. The API\'s permissions are named as the service\'s scopes (`sessions:read`: Entra allows colons in permission and app role values), since AgentOS\'s scope check reads only `resource:action` names and a respelling such as `Sessions.Read` would pass no route but the admin scope\'s.',
  jwksUriExample: `https://login.microsoftonline.com/${ENTRA_TENANT}/discovery/v2.0/keys`,
  issuer: ENTRA_ISSUER,
  auth: {
    algorithm: 'RS256',
    authorization: true,
    scopes_claim: 'scp',
    user_id_claim: 'oid',
    audience: ENTRA_API_CLIENT,
    verify_audience: true,
    dependencies_claims: ['roles', 'tid'],
  },
  spell: sameSpelling,
  headerTyp: 'JWT',
  kidFor: (t) => t.slice(0, 27),
  jwksHasAlg: false,
  identity: { sub: 'AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ', name: 'Ada Lovelace', email: 'ada@contoso.example' },
  baseScopes: [],
  claims: ({ identity, scopes, iat, exp, nonce }) => ({
    aud: ENTRA_API_CLIENT,
    iss: ENTRA_ISSUER,
    iat,
    nbf: iat,
    exp,
    aio: `AXQAi/8${nonce.slice(0, 20)}`,
    azp: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    azpacr: '0',
    name: identity.name,
    oid: '00000000-0000-0000-66f3-3332eca7ea81',
    preferred_username: identity.email,
    rh: '0.AXEAv4j5cvGGr0GRqy180BHbR-example.',
    roles: ['Reports.Viewer'],
    scp: scopes.join(' '),
    sid: '002a2c3e-5f6a-7b8c-9d0e-1f2a3b4c5d6e',
    sub: identity.sub,
    tid: ENTRA_TENANT,
    uti: nonce.slice(0, 22),
    ver: '2.0',
  }),
};

const KEYCLOAK_ISSUER = 'https://sso.example.com/realms/rundesk';
const keycloak: IdpPreset = {
  name: 'keycloak',
  title: 'Keycloak',
  description:
    'Keycloak realm access tokens: service scopes granted as realm roles (`realm_access.roles`), OAuth scopes in a `scope` string, the client id as audience (add an audience mapper for `rundesk-api`).',
  jwksUriExample: `${KEYCLOAK_ISSUER}/protocol/openid-connect/certs`,
  issuer: KEYCLOAK_ISSUER,
  auth: { algorithm: 'RS256', authorization: true, scopes_claim: 'realm_access.roles', user_id_claim: 'sub', audience: 'rundesk-api', verify_audience: true, session_state_claims: ['preferred_username'] },
  spell: sameSpelling,
  headerTyp: 'JWT',
  kidFor: (t) => t,
  jwksHasAlg: true,
  identity: { sub: 'f3b2c1d0-9e8f-4a7b-8c6d-5e4f3a2b1c0d', name: 'Ada Lovelace', email: 'ada@example.com' },
  baseScopes: ['offline_access', 'default-roles-rundesk', 'uma_authorization'],
  claims: ({ identity, scopes, iat, exp, nonce }) => ({
    exp,
    iat,
    auth_time: iat - 12,
    jti: `onrtac:${nonce.slice(0, 8)}-${nonce.slice(8, 12)}-4${nonce.slice(13, 16)}-a${nonce.slice(17, 20)}-${nonce.slice(20, 32)}`,
    iss: KEYCLOAK_ISSUER,
    aud: ['rundesk-api', 'account'],
    sub: identity.sub,
    typ: 'Bearer',
    azp: 'rundesk-web',
    sid: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    acr: '1',
    'allowed-origins': ['http://localhost:5173'],
    realm_access: { roles: scopes },
    resource_access: { account: { roles: ['manage-account', 'view-profile'] } },
    scope: 'openid profile email',
    email_verified: true,
    name: identity.name,
    preferred_username: 'ada',
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: identity.email,
  }),
};

const COGNITO_POOL = 'eu-west-1_AbCdEf123';
const COGNITO_ISSUER = `https://cognito-idp.eu-west-1.amazonaws.com/${COGNITO_POOL}`;
const COGNITO_RESOURCE_SERVER = 'rundesk-api/';
const cognito: IdpPreset = {
  name: 'cognito',
  title: 'Amazon Cognito',
  description:
    'Cognito user pool access tokens: resource-server scopes in a `scope` string, prefixed with the resource server id ("rundesk-api/sessions:read"), groups in `cognito:groups`. Access tokens carry `client_id`, not `aud`, so audience checking is off. Scope mappings respell the service scopes with the prefix.',
  jwksUriExample: `${COGNITO_ISSUER}/.well-known/jwks.json`,
  issuer: COGNITO_ISSUER,
  auth: {
    algorithm: 'RS256',
    authorization: true,
    scopes_claim: 'scope',
    user_id_claim: 'sub',
    verify_audience: false,
    dependencies_claims: ['cognito:groups', 'client_id'],
    admin_scope: `${COGNITO_RESOURCE_SERVER}platform:admin`,
  },
  spell: prefixed(COGNITO_RESOURCE_SERVER),
  headerTyp: null,
  kidFor: (t) => b64(t),
  jwksHasAlg: true,
  identity: { sub: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d', name: 'Ada Lovelace', email: 'ada@example.com' },
  baseScopes: ['aws.cognito.signin.user.admin'],
  claims: ({ identity, scopes, iat, exp, nonce }) => ({
    sub: identity.sub,
    'cognito:groups': ['analysts'],
    iss: COGNITO_ISSUER,
    version: 2,
    client_id: '1example23456789abcdefghij',
    origin_jti: `${nonce.slice(0, 8)}-1111-4111-8111-${nonce.slice(8, 20)}`,
    event_id: `${nonce.slice(0, 8)}-2222-4222-8222-${nonce.slice(8, 20)}`,
    token_use: 'access',
    scope: scopes.join(' '),
    auth_time: iat - 5,
    exp,
    iat,
    jti: `${nonce.slice(0, 8)}-3333-4333-8333-${nonce.slice(8, 20)}`,
    username: 'ada',
  }),
};

const CLERK_ISSUER = 'https://example-app-42.clerk.accounts.dev';
const clerk: IdpPreset = {
  name: 'clerk',
  title: 'Clerk',
  description:
    'Clerk session tokens with organization claims: permissions in `org_permissions` as "org:<feature>:<action>" keys, the user id (`user_…`) in `sub`, no audience (`azp` names the frontend origin). Real session tokens live 60 seconds; the fixture\'s live an hour. Scope mappings respell the service scopes with the `org:` prefix; AgentOS\'s scope check reads `org:sessions:read` as a scope for one resource id, which grants nothing off agent, team and workflow paths, so there and here they pass no route but the admin scope\'s.',
  jwksUriExample: `${CLERK_ISSUER}/.well-known/jwks.json`,
  issuer: CLERK_ISSUER,
  auth: {
    algorithm: 'RS256',
    authorization: true,
    scopes_claim: 'org_permissions',
    user_id_claim: 'sub',
    session_id_claim: 'sid',
    verify_audience: false,
    dependencies_claims: ['org_id', 'org_role'],
    admin_scope: 'org:platform:admin',
  },
  spell: prefixed('org:'),
  headerTyp: 'JWT',
  kidFor: (t) => `ins_2${t.replace(/[-_]/g, '').slice(0, 26)}`,
  jwksHasAlg: true,
  identity: { sub: 'user_2NNEqL2nrIRdJ194ndJqAHwEfxC', name: 'Ada Lovelace', email: 'ada@example.com' },
  baseScopes: [],
  claims: ({ identity, scopes, iat, exp, nonce }) => ({
    azp: 'http://localhost:5173',
    exp,
    fva: [0, -1],
    iat,
    iss: CLERK_ISSUER,
    nbf: iat - 10,
    sid: `sess_2${nonce.replace(/[-_]/g, '').slice(0, 26)}`,
    sub: identity.sub,
    org_id: 'org_2Z3bYjX8kPq9Lm4Nn7Ww1Vv0Uu',
    org_role: 'org:member',
    org_slug: 'acme',
    org_permissions: scopes,
  }),
};

export const PRESETS: Readonly<Record<PresetName, IdpPreset>> = { auth0, okta, entra, keycloak, cognito, clerk };

/**
 * The settings `auth` patch a preset applies: algorithm, claim names, audience, and — for
 * providers that cannot spell the service's scopes — scope mappings respelled their way.
 *
 * @example
 * presetAuthPatch('okta') // { algorithm: 'RS256', scopes_claim: 'scp', user_id_claim: 'uid', … }
 */
export function presetAuthPatch(name: PresetName): AuthPatch {
  const preset = PRESETS[name];
  return { ...PRESET_RESETS, ...preset.auth, scope_mappings: respelledMappings(preset.spell) ?? null };
}

/**
 * Every setting some preset changes, at its default, so switching from one preset to another
 * leaves nothing of the first behind (Clerk's respelled mappings would refuse Auth0 tokens).
 * Static keys are cleared too: the provider's keys come from its JWKS, and an HS256 secret
 * left in `verification_keys` would not suit RS256.
 */
const PRESET_RESETS: AuthPatch = {
  verification_keys: [],
  secret_key: null,
  jwks_url: null,
  validate: true,
  token_source: 'HEADER',
  session_id_claim: 'session_id',
  audience_claim: 'aud',
  audience: null,
  dependencies_claims: [],
  session_state_claims: [],
  admin_scope: 'platform:admin',
};

export function isPresetName(value: string): value is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(value);
}
