import { z } from 'zod';

/**
 * The settings file. The `auth` object uses the platform's auth setting names
 * exactly. Every key is optional; unknown keys are rejected (`strictObject`) so a typo such
 * as `verfication_keys` is an error naming the key rather than a silently open server.
 */

export const TOKEN_SOURCES = ['HEADER', 'COOKIE', 'BOTH'] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];

export const DEFAULT_EXCLUDED_ROUTE_PATHS = [
  '/',
  '/health',
  '/info',
  '/docs',
  '/redoc',
  '/openapi.json',
  '/docs/oauth2-redirect',
] as const;

/** Algorithms jose verifies that make sense for access tokens. `none` is never one of them. */
export const SUPPORTED_ALGORITHMS = [
  'RS256', 'RS384', 'RS512',
  'PS256', 'PS384', 'PS512',
  'ES256', 'ES384', 'ES512',
  'EdDSA', 'Ed25519',
  'HS256', 'HS384', 'HS512',
] as const;
export type SupportedAlgorithm = (typeof SUPPORTED_ALGORITHMS)[number];

const nonEmpty = z.string().min(1, 'must not be empty');

/** `<METHOD> <path>`, e.g. `GET /sessions/*`. Checked further by the auth core's parser. */
const scopeMappingKey = z.string().superRefine((key, ctx) => {
  if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|\*) \/\S*$/.test(key)) return;
  const [method = '', path = ''] = key.split(/ (.*)/s);
  const message = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|\*)$/.test(method) && path !== '' && !path.startsWith('/')
    ? `the key's path must start with "/": "${method} /${path}"`
    : 'the key must look like "<METHOD> /path", e.g. "GET /sessions/*"';
  ctx.addIssue({ code: 'custom', message });
});

export const AuthSettingsSchema = z.strictObject({
  verification_keys: z.array(nonEmpty).optional()
    .describe('Public keys (PEM) for asymmetric algorithms or shared secrets for HS*. Tried in order. Default: env JWT_VERIFICATION_KEY.'),
  jwks_file: nonEmpty.nullable().optional()
    .describe('Path to a static JWKS file; the key is chosen by the token\'s `kid`. Default: env JWT_JWKS_FILE.'),
  jwks_url: z.url({ protocol: /^https?$/ }).nullable().optional()
    .describe('rundesk extension: an identity provider\'s JWKS endpoint, fetched and cached.'),
  secret_key: nonEmpty.nullable().optional()
    .describe('Deprecated: use verification_keys. Still accepted and merged into the keys with a warning.'),
  algorithm: z.enum(SUPPORTED_ALGORITHMS).default('RS256')
    .describe('The one signing algorithm accepted.'),
  validate: z.boolean().default(true).describe('Whether tokens are validated (signature, exp, nbf, audience).'),
  authorization: z.boolean().nullable().default(null)
    .describe('Scope checking. null: on when scope_mappings is given.'),
  token_source: z
    .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(TOKEN_SOURCES))
    .default('HEADER')
    .describe('Where the token is read from: HEADER, COOKIE or BOTH (header first).'),
  token_header_key: nonEmpty.default('Authorization'),
  cookie_name: nonEmpty.default('access_token'),
  scopes_claim: nonEmpty.default('scopes'),
  user_id_claim: nonEmpty.default('sub'),
  session_id_claim: nonEmpty.default('session_id'),
  audience_claim: nonEmpty.default('aud'),
  audience: z.union([nonEmpty, z.array(nonEmpty).min(1)]).nullable().default(null)
    .describe('Expected audience. null: the service\'s own id (os_id).'),
  verify_audience: z.boolean().default(false),
  dependencies_claims: z.array(nonEmpty).default([]),
  session_state_claims: z.array(nonEmpty).default([]),
  scope_mappings: z.record(scopeMappingKey, z.array(nonEmpty)).nullable().default(null)
    .describe('Route-to-scope mappings, added to the defaults (a key that is a default redefines it). Keys match as the platform matches them: * is any characters including /. Which key decides: see scope_matching.'),
  scope_matching: z.enum(['platform', 'specific']).default('platform')
    .describe('Which matching key decides. platform: as AgentOS decides (the exact key, then the defaults in its order with a redefined default in its place, new keys after them, first match wins). specific: custom keys beat the defaults, the most specific first.'),
  excluded_route_paths: z.array(z.string().startsWith('/', 'must start with "/"'))
    .default([...DEFAULT_EXCLUDED_ROUTE_PATHS]),
  admin_scope: nonEmpty.default('platform:admin'),
  user_isolation: z.boolean().default(false),
});

export const ServerSettingsSchema = z.strictObject({
  host: nonEmpty.default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(7777),
});

/**
 * A database attached beside the default one: an SQLite file (`path`), or a PostgreSQL
 * database (`url`, or `url_env` naming an environment variable that holds it, so the password
 * stays out of this file) with Agno `PostgresDb`'s `schema` (default `ai`).
 */
export const DatabaseEntrySchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be 1-64 letters, digits, "_", "." or "-"'),
    path: nonEmpty.optional(),
    url: nonEmpty.optional().describe('postgresql://user:password@host:port/database'),
    url_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    schema: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be an SQL identifier').optional(),
    session_table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'must be an SQL identifier').optional(),
    read_only: z.boolean().default(true),
  })
  .superRefine((entry, ctx) => {
    const sources = [entry.path, entry.url, entry.url_env].filter((v) => v !== undefined).length;
    if (sources !== 1) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of path (an SQLite file), url or url_env (a PostgreSQL database)' });
    }
    if (entry.schema !== undefined && entry.path !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['schema'], message: 'schema applies to PostgreSQL databases (url or url_env) only' });
    }
  });

/**
 * The developer's own AgentOS behind rundesk (`upstream.url`, also `--upstream URL` and env
 * `RUNDESK_UPSTREAM`): the platform routes rundesk does not answer itself (runs, cancel,
 * continue, writes it does not perform) are forwarded there after rundesk's own auth decision.
 */
export const UpstreamSettingsSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://127.0.0.1:7778' })
    .refine((u) => !/[?#]/.test(u), 'must not carry a query or fragment')
    .nullable()
    .default(null)
    .describe('The developer\'s AgentOS, e.g. http://127.0.0.1:7778. null: the routes rundesk does not answer get 501. Default: env RUNDESK_UPSTREAM (rundesk serve --upstream URL sets it).'),
  timeout_seconds: z
    .number()
    .positive()
    .max(86400)
    .default(300)
    .describe('How long rundesk waits for the upstream\'s response headers before answering 504 UPSTREAM_TIMEOUT. A streamed run sends its headers at once; a run with stream=false only when it is done.'),
});

/**
 * AgentOS 2.9's default CORS origins (its `cors_origin_list`): the local chat UI's dev server
 * and the platform's control-plane origins.
 */
export const DEFAULT_CORS_ALLOWED_ORIGINS = [
  'http://localhost:3000',
  'https://agno.com',
  'https://www.agno.com',
  'https://app.agno.com',
  'https://os-stg.agno.com',
  'https://os.agno.com',
] as const;

/**
 * One browser origin: `scheme://host[:port]`, nothing after it. `*` is refused: the platform
 * API allows credentials, and a wildcard would let every web page read local runs.
 */
const corsOrigin = z.string().superRefine((value, ctx) => {
  if (value.trim() === '*') {
    ctx.addIssue({ code: 'custom', message: '"*" is not allowed: list each origin (credentials are allowed, so a wildcard would open the API to every web page)' });
    return;
  }
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin; write scheme://host[:port] with no path or trailing slash, e.g. http://localhost:3000` });
  }
});

export const SettingsSchema = z.strictObject({
  os_id: nonEmpty.default('rundesk-local'),
  cors_allowed_origins: z
    .array(corsOrigin)
    .default([...DEFAULT_CORS_ALLOWED_ORIGINS])
    .describe(
      'Browser origins whose pages may call the platform API (CORS, with credentials). Replaces the default list (http://localhost:3000 and the platform\'s own origins), as AgentOS does; [] allows none. Never applies to /desk or /ui.',
    ),
  default_database: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .describe(
      'Database that answers requests without db_id. null: the built-in database when it holds sessions or nothing is attached, else the first attached database that holds sessions. Writes without db_id go to this database, or to the built-in one when null.',
    ),
  cache_budget_mb: z
    .number()
    .int()
    .min(16)
    .max(65536)
    .default(256)
    .describe(
      'Memory, in MiB, for all of the server\'s caches and run indexes together (attached sessions\' run indexes, PostgreSQL row indexes, serialized answers, verified tokens); least recently used entries are evicted beyond it. Shown on the Databases page with the memory bound it gives. A saved change takes effect at once: the caches are evicted down to the new budget.',
    ),
  server: ServerSettingsSchema.prefault({}),
  upstream: UpstreamSettingsSchema.prefault({}),
  auth: AuthSettingsSchema.prefault({}),
  databases: z.array(DatabaseEntrySchema).default([])
    .refine((dbs) => new Set(dbs.map((d) => d.id)).size === dbs.length, 'database ids must be unique')
    .refine((dbs) => dbs.every((d) => d.id !== 'default'), '"default" is the built-in database; choose another id'),
}).superRefine((settings, ctx) => {
  const id = settings.default_database;
  if (id !== null && id !== 'default' && !settings.databases.some((d) => d.id === id)) {
    ctx.addIssue({ code: 'custom', path: ['default_database'], message: `"${id}" is not an attached database (use "default" or an id from databases)` });
  }
});

/** Settings as written in the file (everything optional). */
export type SettingsInput = z.input<typeof SettingsSchema>;
/** Settings after defaults (env fallbacks are applied by `resolveSettings`). */
export type Settings = z.output<typeof SettingsSchema>;
export type AuthSettings = Settings['auth'];
export type DatabaseEntry = Settings['databases'][number];
