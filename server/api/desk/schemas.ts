import { z } from 'zod';
import type { AuthLayerStatus } from '../../auth/types.js';
import { outputSide } from '../../http/output-side.js';
import { AuthSettingsSchema, SettingsSchema, SUPPORTED_ALGORITHMS } from '../../settings/schema.js';
import { MINT_DEFECTS } from './mint/mint.js';
import { PRESET_NAMES } from './presets/presets.js';
import { DEMO_RUN_PATH } from './sample-data.js';

/**
 * Every `/desk` request and response body. The same schemas validate requests and generate
 * the desk part of `/openapi.json` (from the route objects of `DESK_ROUTES`), so the UI's generated types
 * cannot drift from what the server does.
 */

const jsonObject = z.record(z.string(), z.unknown());
const algorithm = z.enum(SUPPORTED_ALGORITHMS);

// ---------------------------------------------------------------- keys

export const DeskKeySchema = z
  .object({
    kid: z.string(),
    alg: algorithm,
    kty: z.enum(['RSA', 'EC', 'OKP', 'oct']),
    crv: z.string().nullable().meta({ description: 'Curve of EC/OKP keys.' }),
    use: z.literal('sig'),
    fingerprint: z.string().meta({ description: 'RFC 7638 JWK thumbprint (SHA-256, base64url).' }),
    trusted: z.boolean().meta({ description: 'Whether the key is in `keys/trusted.jwks.json`, the default `auth.jwks_file`.' }),
    source: z.enum(['generated', 'imported']),
    has_private: z.boolean().meta({ description: 'Whether rundesk can sign with it (generated keys only).' }),
    created_at: z.string(),
    origin: z.string().nullable().meta({ description: 'Where an imported key came from.' }),
  })
  .meta({ id: 'DeskKey' });

export const DeskKeyListSchema = z
  .object({
    keys: z.array(DeskKeySchema),
    trusted_jwks_path: z.string(),
    /** Whether the live settings read that file, i.e. whether trust changes take effect. */
    trusted_jwks_in_use: z.boolean(),
  })
  .meta({ id: 'DeskKeyList' });

export const DeskKeyGenerateRequestSchema = z
  .strictObject({
    alg: algorithm.default('RS256'),
    trusted: z.boolean().default(true),
  })
  .meta({ id: 'DeskKeyGenerateRequest' });

export const DeskKeyImportRequestSchema = z
  .strictObject({
    path: z.string().min(1).optional().meta({ description: 'Absolute path of a PEM, JWK or JWKS file.' }),
    text: z.string().min(1).max(512 * 1024).optional().meta({ description: 'PEM public/private key(s), certificate(s), a JWK or a JWKS.' }),
    kid: z.string().min(1).max(256).optional().meta({ description: 'kid for a single key that has none (PEM).' }),
    alg: algorithm.optional().meta({ description: 'Algorithm for keys that do not say (default by key type).' }),
    trusted: z.boolean().default(true),
  })
  .refine((b) => (b.path === undefined) !== (b.text === undefined), { message: 'give exactly one of "path" or "text"', path: ['text'] })
  .meta({ id: 'DeskKeyImportRequest' });

export const DeskKeyImportResponseSchema = z
  .object({
    added: z.array(DeskKeySchema),
    skipped: z.array(z.object({ kid: z.string(), reason: z.string() })),
    notes: z.array(z.string()),
  })
  .meta({ id: 'DeskKeyImportResponse' });

export const DeskKeyPatchRequestSchema = z
  .strictObject({
    trusted: z.boolean(),
    confirm: z
      .boolean()
      .default(false)
      .meta({ description: 'Untrust even the last trusted key for the configured algorithm (otherwise 409 `LAST_TRUSTED_KEY`).' }),
  })
  .meta({ id: 'DeskKeyPatchRequest' });

export const DeskKeyDeleteQuerySchema = z.object({
  confirm: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta({ description: 'Delete even the last trusted key for the configured algorithm (otherwise 409 `LAST_TRUSTED_KEY`).' }),
});

export const KidParamsSchema = z.object({ kid: z.string().min(1).max(256) });

export const JwksSchema = z.object({ keys: z.array(jsonObject) }).meta({ id: 'Jwks', description: 'A JSON Web Key Set (RFC 7517).' });

export const DeskDeletedSchema = z.object({ deleted: z.string() }).meta({ id: 'DeskDeleted' });

// ---------------------------------------------------------------- mint

export const DeskMintRequestSchema = z
  .strictObject({
    sub: z.string().min(1).max(1024).nullable().optional().meta({ description: 'Subject / user id. Default `demo-user`; `null` leaves it out.' }),
    scopes: z.array(z.string().min(1).max(512)).max(500).default([]),
    aud: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .nullable()
      .optional()
      .meta({ description: 'Audience. Default: the settings\' `audience`, else `os_id`; `null` leaves it out.' }),
    ttl: z.number().int().min(1).max(10 * 365 * 86400).default(3600).meta({ description: 'Lifetime in seconds.' }),
    no_exp: z.boolean().default(false).meta({ description: 'Leave `exp` out (a token that never expires; the lint flags it).' }),
    iss: z.string().min(1).nullable().optional().meta({ description: 'Issuer. Default `rundesk`; `null` leaves it out.' }),
    session_id: z.string().min(1).nullable().optional(),
    claims: jsonObject.default({}).meta({ description: 'Extra claims, merged last (dotted names nest: `realm_access.roles`).' }),
    scopes_claim: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Claim that carries the scopes: `scopes`, `permissions`, `scp`, `scope` or any name. Default: the settings\' `scopes_claim`.' }),
    scopes_format: z
      .enum(['array', 'string'])
      .optional()
      .meta({ description: 'Default: a space-delimited string for `scope` (OAuth), an array otherwise.' }),
    user_id_claim: z.string().min(1).optional(),
    session_id_claim: z.string().min(1).optional(),
    audience_claim: z.string().min(1).optional(),
    key: z.string().min(1).optional().meta({ description: 'kid of the local key to sign with. Default: the local key for `alg`.' }),
    alg: algorithm.optional().meta({ description: 'Default: the key\'s algorithm, else the settings\' `algorithm`.' }),
    typ: z.string().min(1).nullable().optional().meta({ description: 'Header `typ`. Default `at+jwt` (RFC 9068); `null` leaves it out.' }),
    defect: z.enum(MINT_DEFECTS).optional().meta({ description: 'Make a deliberately bad token.' }),
    path: z.string().startsWith('/').max(2048).optional().meta({ description: 'Request path for `curl` and `preview` (default a demo run).' }),
  })
  .meta({ id: 'DeskMintRequest' });

const MintDecisionPreviewSchema = z.object({
  method: z.string(),
  path: z.string(),
  status: z.union([z.literal(200), z.literal(401), z.literal(403)]),
  detail: z.string().nullable(),
});

export const DeskMintResponseSchema = z
  .object({
    token: z.string(),
    header: jsonObject,
    claims: jsonObject,
    kid: z.string().nullable(),
    alg: z.string(),
    defect: z.enum(MINT_DEFECTS).nullable(),
    expires_at: z.number().nullable().meta({ description: 'Epoch seconds.' }),
    signer: z
      .object({ kind: z.enum(['local', 'provider']), preset: z.string().nullable(), description: z.string() })
      .meta({
        description:
          'Which key signed: a rundesk local key, or — while a preset\'s fixture JWKS is trusted and no key, algorithm or defect was asked for — that provider\'s stand-in key, with its issuer and claim shapes.',
      }),
    curl: z.string().meta({ description: 'A ready-to-run request with the token, as the settings expect it (header or cookie).' }),
    preview: MintDecisionPreviewSchema.meta({ description: 'What the auth layer decides for `curl`\'s request right now.' }),
  })
  .meta({ id: 'DeskMintResponse' });

// ---------------------------------------------------------------- inspect

const KeyRefSchema = z.object({
  source: z.enum(['verification_keys', 'secret_key', 'jwks_file', 'jwks_url']),
  index: z.number().int().nullable(),
  kid: z.string().nullable(),
});
const KeyAttemptSchema = KeyRefSchema.extend({
  outcome: z.enum(['verified', 'signature_mismatch', 'skipped', 'error']),
  reason: z.string(),
});
const MatchedMappingSchema = z.object({
  pattern: z.string(),
  scopes: z.array(z.string()),
  source: z.enum(['default', 'custom']),
  override_key: z.string().meta({ description: 'The scope_mappings key that changes this rule: for a default under scope_matching "platform", the platform\'s own key that covers it (`GET /sessions/*`).' }),
});

export const RequestAuthStateSchema = z
  .object({
    authenticated: z.boolean(),
    user_id: z.string().nullable(),
    session_id: z.string().nullable(),
    scopes: z.array(z.string()),
    audience: z.union([z.string(), z.array(z.string())]).nullable(),
    token: z.string(),
    authorization_enabled: z.boolean(),
    dependencies: jsonObject,
    session_state: jsonObject,
    accessible_resource_ids: z.array(z.string()),
    is_admin: z.boolean(),
    user_isolation: z.boolean(),
  })
  .meta({ id: 'RequestAuthState', description: 'The request state set by the JWT middleware of the platform (authenticated, user_id, session_id, scopes, audience, ...).' });

export const LintWarningSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'DeskLintWarning', description: 'A warning, not a verdict: legal but usually a mistake.' });

export const DeskInspectRequestSchema = z
  .strictObject({
    token: z.string().min(1).max(64 * 1024).meta({ description: 'The JWT (a `Bearer ` prefix is ignored).' }),
    method: z
      .string()
      .regex(/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i, 'must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      .default('GET'),
    path: z.string().startsWith('/', 'must start with "/"').max(2048).default(DEMO_RUN_PATH),
  })
  .meta({ id: 'DeskInspectRequest' });

export const DeskKeyVerifyRequestSchema = z
  .strictObject({
    token: z.string().min(1).max(64 * 1024).meta({ description: 'The JWT (a `Bearer ` prefix is ignored).' }),
    key: z
      .string()
      // Not trimmed: an HMAC secret is used byte for byte, as the server uses `secret_key`.
      .regex(/\S/, 'paste a PEM public key or certificate, a JWK, a JWKS document or an HMAC secret')
      .max(256 * 1024)
      .meta({ description: 'A PEM public key or certificate, a JWK, a JWKS document (`{"keys": [...]}`) or an HMAC secret.' }),
  })
  .meta({ id: 'DeskKeyVerifyRequest' });

export const DeskKeyVerifyResponseSchema = z
  .object({
    verified: z.boolean(),
    reason: z.string(),
    alg: z.string(),
    kid: z.string().nullable().meta({ description: "The token header's kid." }),
    key_kind: z.enum(['pem', 'jwk', 'jwks', 'secret']),
    matched_kid: z.string().nullable().meta({ description: 'Of a JWK or JWKS: the kid of the key whose signature matched.' }),
    keys_tried: z.number().int(),
    claims: jsonObject,
    expired: z.boolean().nullable().meta({ description: 'Whether `exp` is past; the signature check itself ignores time. Null without `exp`.' }),
  })
  .meta({ id: 'DeskKeyVerifyResponse', description: "A token's signature checked against a pasted key; the trusted keys are not used or changed." });

export const DeskInspectResponseSchema = z
  .object({
    method: z.string(),
    path: z.string(),
    outcome: z.enum(['excluded', 'allow', 'deny']),
    status: z.union([z.literal(200), z.literal(401), z.literal(403)]),
    detail: z.string().nullable(),
    error_code: z.string().nullable(),
    reason: z.enum(['missing', 'invalid', 'expired', 'audience', 'not_yet_valid', 'forbidden']).nullable(),
    excluded_by: z.string().nullable(),
    header: jsonObject.nullable(),
    claims: jsonObject.nullable(),
    decode_error: z.string().nullable(),
    verification: z.object({
      validate: z.boolean(),
      verified: z.boolean(),
      verified_by: KeyRefSchema.nullable(),
      attempts: z.array(KeyAttemptSchema),
      failure: z.string().nullable(),
    }),
    audience: z.object({
      checked: z.boolean(),
      expected: z.array(z.string()),
      actual: z.union([z.string(), z.array(z.string())]).nullable(),
      ok: z.boolean().nullable(),
    }),
    state: RequestAuthStateSchema.nullable(),
    authorization_enabled: z.boolean(),
    matched: MatchedMappingSchema.nullable(),
    required_scopes: z.array(z.string()),
    missing_scopes: z.array(z.string()),
    allowed_resource_ids: z.array(z.string()).nullable(),
    platform_note: z
      .string()
      .nullable()
      .meta({ description: 'Set when the two scope_matching modes would decide this request by different rules (one of them custom).' }),
    other_verdict: z
      .object({
        scope_matching: z.enum(['platform', 'specific']),
        status: z.union([z.literal(200), z.literal(403)]),
        matched: MatchedMappingSchema.nullable(),
        required_scopes: z.array(z.string()),
        detail: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'The verdict under the other scope_matching mode, when it would be decided by another rule.' }),
    hints: z.array(z.string()),
    lint: z.array(LintWarningSchema),
  })
  .meta({ id: 'DeskInspectResponse' });

export const DeskRouteMatrixRequestSchema = z
  .strictObject({ token: z.string().min(1).max(64 * 1024) })
  .meta({ id: 'DeskRouteMatrixRequest' });

export const DeskRouteMatrixResponseSchema = z
  .object({
    status: z.union([z.literal(200), z.literal(401)]),
    detail: z.string().nullable(),
    authorization_enabled: z.boolean(),
    is_admin: z.boolean(),
    rows: z.array(
      z.object({
        pattern: z.string(),
        method: z.string(),
        path: z.string(),
        source: z.enum(['default', 'custom']),
        decided_by: z
          .string()
          .nullable()
          .meta({ description: 'When another rule than the row\'s own decides the requests on its route (an earlier platform default under scope_matching "platform", a custom rule under "specific"): that rule; the row\'s scopes and status are then that rule\'s.' }),
        required_scopes: z.array(z.string()),
        status: z.union([z.literal(200), z.literal(401), z.literal(403)]),
        access: z.enum(['all', 'some', 'none']),
        missing_scopes: z.array(z.string()),
        allowed_resource_ids: z.array(z.string()).nullable(),
        detail: z.string().nullable(),
        platform_note: z
          .string()
          .nullable()
          .meta({ description: 'For a custom rule the platform\'s first-match order would shadow, or a default route the platform decides by another rule than rundesk: which rule it matches first.' }),
      }),
    ),
  })
  .meta({ id: 'DeskRouteMatrixResponse' });

export const DeskMappingLintSchema = z
  .object({
    authorization_enabled: z.boolean(),
    unmapped_routes: z
      .array(z.object({ method: z.string(), path: z.string(), message: z.string() }))
      .meta({ description: 'Routes the server serves that no mapping covers: any authenticated caller may use them.' }),
    unmatched_mappings: z
      .array(z.object({ pattern: z.string(), scopes: z.array(z.string()), message: z.string() }))
      .meta({ description: 'Custom mappings that match no route the server serves (a typo, or a route of another service).' }),
    platform_shadowed: z
      .array(z.object({ pattern: z.string(), scopes: z.array(z.string()), shadowed_by: z.string().nullable(), message: z.string() }))
      .meta({ description: 'Custom mappings the platform\'s first-match order would not apply where rundesk does, with the rule it matches first.' }),
    unknown_scopes: z
      .array(z.object({ pattern: z.string(), scope: z.string(), suggestion: z.string(), message: z.string() }))
      .meta({ description: 'Scopes of custom mappings that look like a typo of a scope the routes require (`sesions:read` for `sessions:read`).' }),
    platform_scope_notes: z
      .array(z.object({ pattern: z.string(), scope: z.string(), message: z.string() }))
      .meta({
        description:
          'Scopes of custom mappings the platform\'s scope check reads otherwise than written: a name it cannot read (`Sessions.Read`), a per-resource scope off `/agents`, `/teams` and `/workflows` paths, a two-part scope on such a path (read as that family\'s scope for the id). Both the platform and rundesk decide by that reading.',
      }),
  })
  .meta({ id: 'DeskMappingLint' });

// ---------------------------------------------------------------- presets

export const PresetParamsSchema = z.object({ name: z.enum(PRESET_NAMES) });

/** Some `auth` settings, as a preset sets them: merged into the settings' `auth` object. */
const AuthSettingsPatchSchema = (outputSide(AuthSettingsSchema) as z.ZodObject)
  .partial()
  .meta({ id: 'AuthSettingsPatch', description: 'Merged into the settings\' `auth` object.' });

export const DeskPresetSchema = z
  .object({
    name: z.enum(PRESET_NAMES),
    title: z.string(),
    description: z.string(),
    issuer: z.string().meta({ description: 'The example tenant\'s issuer, in the provider\'s real format.' }),
    jwks_uri_example: z.string(),
    settings_patch: AuthSettingsPatchSchema,
  })
  .meta({ id: 'DeskPreset' });

export const DeskPresetListSchema = z.object({ presets: z.array(DeskPresetSchema) }).meta({ id: 'DeskPresetList' });

export const DeskPresetFixtureRequestSchema = z
  .strictObject({
    apply: z.boolean().default(false).meta({ description: 'Also apply the settings patch (with the fixture JWKS) right away.' }),
  })
  .meta({ id: 'DeskPresetFixtureRequest' });

export const DeskPresetFixtureResponseSchema = z
  .object({
    preset: z.enum(PRESET_NAMES),
    issuer: z.string(),
    jwks_path: z.string(),
    jwks: JwksSchema,
    settings_patch: AuthSettingsPatchSchema,
    applied: z.boolean(),
    tokens: z.array(
      z.object({
        name: z.enum(['reader', 'admin', 'no_scopes', 'expired']),
        description: z.string(),
        token: z.string(),
        header: jsonObject,
        claims: jsonObject,
        expected_status: z.union([z.literal(200), z.literal(401), z.literal(403)]),
      }),
    ),
  })
  .meta({ id: 'DeskPresetFixture' });

// ---------------------------------------------------------------- settings

/** The settings file as it may be written (every key optional): what PUT and the dry run take. */
export const SettingsInputSchema = SettingsSchema.meta({
  id: 'SettingsInput',
  description: 'The whole settings file; validated like the file, one issue per bad field.',
});

/** The settings in force: every key present, defaults and env fallbacks applied. */
export const SettingsOutputSchema = outputSide(SettingsSchema).meta({ id: 'Settings' });

export const DeskAuthStatusSchema = z
  .object({
    validate: z.boolean(),
    algorithm: z.string(),
    authorization_enabled: z.boolean(),
    verification_keys: z.number().int().meta({ description: 'How many verification_keys (and secret_key) are in use.' }),
    jwks_file: z
      .object({ path: z.string(), kids: z.array(z.string()), key_count: z.number().int(), skipped: z.array(z.string()), last_error: z.string().nullable() })
      .nullable(),
    jwks_url: z.object({ url: z.string(), kids: z.array(z.string()) }).nullable(),
    mappings: z.array(MatchedMappingSchema).meta({ description: 'Effective mappings (defaults + custom; an overridden default is replaced), most specific first.' }),
    excluded_route_paths: z.array(z.string()),
  })
  .meta({ id: 'DeskAuthStatus', description: 'What the live auth layer was built from (no secrets).' });

// The auth core's status type and its documented shape are one: a field added to either fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const authStatusMatches: Same<AuthLayerStatus, z.output<typeof DeskAuthStatusSchema>> = true;
void authStatusMatches;

export const DeskSettingsResponseSchema = z
  .object({
    settings: SettingsOutputSchema,
    file_settings: SettingsInputSchema.nullable().meta({ description: 'The settings file as written (what PUT replaces), when readable.' }),
    path: z.string(),
    writable: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why the settings are read-only, when they are.' }),
    warnings: z.array(z.string()),
    auth_status: DeskAuthStatusSchema,
  })
  .meta({ id: 'DeskSettings' });

/**
 * What PUT and the dry run parse at the door: a JSON object. Its content is checked by the
 * settings loader with `SettingsSchema` itself (documented above as `SettingsInput`), so the dry
 * run can answer 200 with every issue instead of a 422 on the first.
 */
export const DeskSettingsPutSchema = jsonObject;

export const DeskSettingsValidationSchema = z
  .object({
    valid: z.boolean(),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .meta({ description: 'One per bad field, as PUT\'s 422 would name them (`auth.algorithm`, `databases.0`).' }),
  })
  .meta({ id: 'DeskSettingsValidation' });

export const DeskSettingFieldSchema = z
  .object({
    name: z.string(),
    label: z.string().meta({ description: 'What the form calls the setting.' }),
    section: z.string().meta({ description: 'The form section it belongs to (an id of `sections`), or `general`.' }),
    type: z.string(),
    nullable: z.boolean(),
    default: z.unknown().optional(),
    enum: z.array(z.string()).optional(),
    help: z.string(),
  })
  .meta({ id: 'DeskSettingField' });

export const DeskSettingsSchemaResponseSchema = z
  .object({
    sections: z
      .array(z.object({ id: z.string(), title: z.string(), description: z.string(), fields: z.array(z.string()) }))
      .meta({ description: 'The auth settings form, section by section in page order; every auth setting is in exactly one.' }),
    auth: z.array(DeskSettingFieldSchema),
    general: z
      .array(DeskSettingFieldSchema)
      .meta({ description: 'Top-level one-value settings: os_id, cors_allowed_origins, default_database.' }),
    json_schema: jsonObject.meta({ description: 'JSON Schema of the whole settings file (input form).' }),
    default_scope_mappings: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'The built-in route → scopes table that `scope_mappings` adds to and overrides.' }),
    default_override_keys: z
      .record(z.string(), z.string())
      .meta({ description: 'For each default: the scope_mappings key that changes it under scope_matching "platform" (the platform\'s own key that covers the route: `GET /sessions/*` for `GET /sessions/{session_id}/runs/{run_id}`).' }),
  })
  .meta({ id: 'DeskSettingsSchema' });

// ---------------------------------------------------------------- databases

const DeskTableLayoutSchema = z
  .object({
    table: z.string(),
    layout: z.enum(['2.x', '3.x', '3.x-upgraded']).meta({
      description:
        'Where the table keeps its runs, read from its columns: `2.x` its `runs` column; `3.x` an Agno 3 runs table (`agno_runs`); `3.x-upgraded` both, answered as Agno 3 merges them by run_id.',
    }),
    runs_table: z.string().nullable().meta({ description: 'The Agno 3 runs table read with it; null for `2.x`.' }),
    schema_version: z.string().nullable().meta({ description: 'What `agno_schema_versions` records for the table; null when it has no row.' }),
    runs_table_schema_version: z.string().nullable(),
    version_agrees: z.boolean().meta({
      description:
        'Whether the recorded version (Agno reads a missing row as 2.0.0) names the layout the columns show. The layout is never taken from the version row.',
    }),
    note: z.string().nullable().meta({ description: 'Why they disagree, or what the layout means for reads; null when nothing needs saying.' }),
  })
  .meta({ id: 'DeskTableLayout' });

export const DeskDatabaseSchema = z
  .object({
    id: z.string(),
    path: z.string(),
    read_only: z.boolean(),
    tables: z.array(z.string()),
    default_table: z.string(),
    sessions: z.number().int().meta({ description: '0 when `error` is set.' }),
    runs: z.number().int().meta({ description: '0 when `error` is set.' }),
    layouts: z
      .array(DeskTableLayoutSchema)
      .meta({ description: 'Each session table of an attached Agno SQLite file; empty for the built-in database, PostgreSQL, and while `error` is set.' }),
    is_default: z.boolean(),
    answers_without_db_id: z
      .boolean()
      .meta({ description: 'Whether platform requests without db_id read this database (default_database, or the rule when it is null).' }),
    error: z
      .object({ error_code: z.enum(['DATABASE_UNAVAILABLE', 'DATABASE_BUSY']), detail: z.string() })
      .nullable()
      .meta({ description: 'Why the database cannot be read right now (a damaged file names SQLite\'s reason); `null` when it can.' }),
  })
  .meta({ id: 'DeskDatabase' });

const CacheStatsSchema = z
  .object({
    entries: z.number().int(),
    bytes: z.number().int().meta({ description: '0 for a cache bounded by entries only.' }),
    max_bytes: z.number().int().nullable().meta({ description: 'Its share of the budget; null when bounded by entries.' }),
    max_entries: z.number().int().nullable(),
    hits: z.number().int(),
    misses: z.number().int(),
    evictions: z.number().int().meta({ description: 'Entries pushed out to stay within the bound.' }),
  })
  .meta({ id: 'DeskCacheStats' });

const MemoryBoundSchema = z
  .object({
    bytes: z.number().int().meta({ description: 'The resident memory (RSS) the server stays under: `idle_rss_bytes + budget_bytes + sqlite_page_cache_bytes + reading_bytes + search_bytes`.' }),
    idle_rss_bytes: z.number().int().meta({ description: 'RSS once the server listened, every database open and nothing read.' }),
    budget_bytes: z.number().int().meta({ description: '`cache_budget_mb` in bytes.' }),
    sqlite_page_cache_bytes: z.number().int().meta({ description: 'SQLite\'s page caches, outside the budget: 2 MiB per attached SQLite file and 16 MiB for the built-in database.' }),
    reading_bytes: z.number().int().meta({ description: 'Twice the largest session runs value read so far: held by the driver and by rundesk while its index is built. Each session first read at the same moment adds its own.' }),
    largest_value_bytes: z.number().int().meta({ description: 'The largest stored runs value (SQLite or PostgreSQL) read since the start.' }),
    search_bytes: z.number().int().meta({
      description:
        'Twice the largest table\'s run-search documents: a table larger than its share is searched as it is read, its documents dropped as the search goes, but reclaimed only at the runtime\'s next collection.',
    }),
    largest_search_documents_bytes: z.number().int().meta({ description: 'The largest table\'s run-search documents built since the start (kept or streamed).' }),
    rss_bytes: z.number().int().meta({ description: 'The server\'s RSS now, to compare with `bytes`.' }),
  })
  .meta({ id: 'DeskMemoryBound', description: 'The stated memory bound, term by term (docs/databases.md, "Memory").' });

export const DeskDatabaseListSchema = z
  .object({
    databases: z.array(DeskDatabaseSchema),
    run_index_cache: z
      .object({
        bytes: z.number().int(),
        max_bytes: z.number().int(),
        entries: z.number().int(),
        hits: z.number().int(),
        loads: z.number().int(),
        evictions: z.number().int(),
      })
      .meta({
        description:
          'The server\'s cache of attached Agno SQLite sessions (stored runs value, where each run lies in it, and the decoded runs a listing needed): its bytes against its bound, least recently used evicted. Also in `memory.caches.sqlite_runs`.',
      }),
    memory: z
      .object({
        budget_bytes: z.number().int().meta({ description: '`cache_budget_mb` in bytes: every cache below together stays within it.' }),
        used_bytes: z.number().int().meta({ description: 'Bytes held by the caches with a byte budget, now.' }),
        caches: z.record(z.string(), CacheStatsSchema).meta({
          description:
            'Each cache of the server, bounded by its share of the budget in bytes: `sqlite_runs` (attached sessions\' run indexes), `postgres_runs` (PostgreSQL row indexes), `search_documents` (run search), `run_bodies` and `trace_bodies` (serialized answers), `tokens` (verified tokens), `decisions` (allow decisions per token and request), `holdings` (which databases hold sessions).',
        }),
        bound: MemoryBoundSchema,
      })
      .meta({ description: 'The memory of the server\'s caches and indexes against its budget (settings `cache_budget_mb`).' }),
  })
  .meta({ id: 'DeskDatabaseList' });

export const DeskDatabaseAttachRequestSchema = z
  .strictObject({
    path: z.string().min(1).max(4096).optional().meta({ description: 'Absolute path of an SQLite file with a session table.' }),
    url: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .meta({ description: 'A PostgreSQL database instead of a file: postgresql://user:password@host:port/database. Never echoed back.' }),
    url_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name')
      .optional()
      .meta({ description: 'The environment variable holding the PostgreSQL URL, so the password stays out of settings.json.' }),
    schema: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be an SQL identifier').optional().meta({ description: 'PostgreSQL schema (default ai).' }),
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be 1-64 letters, digits, "_", "." or "-"')
      .optional()
      .meta({ description: 'Default: derived from the file name, made unique.' }),
    read_only: z.boolean().default(true),
    session_table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'must be an SQL identifier').optional(),
  })
  .refine((b) => [b.path, b.url, b.url_env].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of path (an SQLite file), url or url_env (a PostgreSQL database)',
  })
  .meta({ id: 'DeskDatabaseAttachRequest' });

export const DatabaseIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ---------------------------------------------------------------- sample data

export const DeskSampleDataResponseSchema = z
  .object({
    db_id: z.literal('demo').meta({ description: 'The own database of the sample data (send it as db_id to read the demo sessions).' }),
    sessions: z.number().int(),
    runs: z.number().int(),
    created_sessions: z.number().int(),
    created_runs: z.number().int(),
    session_ids: z.array(z.string()),
    example_path: z.string().meta({ description: 'A run endpoint path that now exists in the demo database.' }),
  })
  .meta({ id: 'DeskSampleData' });

export type DeskMintRequest = z.infer<typeof DeskMintRequestSchema>;
export type DeskKey = z.infer<typeof DeskKeySchema>;
