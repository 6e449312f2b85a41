import { z } from 'zod';
import { AuthSettingsSchema, SettingsSchema } from '../../../settings/schema.js';

/**
 * The settings form's field list, read off the settings schema itself (JSON Schema of its
 * input side), so a setting added to the schema shows up in the UI without touching the desk.
 * Help for settings whose schema has no `.describe()` is written here.
 */

const AUTH_HELP: Record<string, string> = {
  token_header_key: 'Header the token is read from (token_source HEADER or BOTH).',
  cookie_name: 'Cookie the token is read from (token_source COOKIE or BOTH).',
  scopes_claim: 'Claim that carries the scopes: a list, or a space-delimited string. Dotted names read nested claims (realm_access.roles).',
  user_id_claim: 'Claim that carries the user id (request state user_id; user isolation keys on it).',
  session_id_claim: 'Claim that carries the session id.',
  audience_claim: 'Claim that carries the audience.',
  verify_audience: 'Reject tokens whose audience claim does not name the expected audience.',
  dependencies_claims: 'Claims copied into the request\'s dependencies.',
  session_state_claims: 'Claims copied into the request\'s session state.',
  excluded_route_paths: 'Routes that skip token and scope checks. Patterns: * is one segment, ** (last) any rest.',
  admin_scope: 'Scope that grants full access (and exempts from user isolation).',
  user_isolation: 'Callers without the admin scope read and write only rows tied to their user id.',
  os_id: 'The service\'s own id: the expected audience when auth.audience is null, and the os_id GET /config and /info report.',
};

/** Top-level settings that are one value each; `server`, `auth` and `databases` have their own forms. */
const GENERAL_SETTINGS = ['os_id', 'cors_allowed_origins', 'default_database'] as const;

/**
 * How the settings form groups the auth settings, in page order. The form is drawn from this
 * list: a setting missing here would not be shown, which `fields.test.ts` rules out.
 */
export const AUTH_SECTIONS = [
  {
    id: 'verification',
    title: 'Verification',
    description: 'How signatures are checked. JWKS keys are tried first (by kid), then verification_keys.',
    fields: ['validate', 'algorithm', 'jwks_file', 'jwks_url', 'verification_keys', 'secret_key'],
  },
  {
    id: 'source',
    title: 'Token source',
    description: 'Where the auth layer looks for the bearer token.',
    fields: ['token_source', 'token_header_key', 'cookie_name'],
  },
  {
    id: 'claims',
    title: 'Claims',
    description: 'Which claims carry scopes, user, session and audience. Dotted names (realm_access.roles) read nested claims.',
    fields: ['scopes_claim', 'user_id_claim', 'session_id_claim', 'audience_claim', 'dependencies_claims', 'session_state_claims'],
  },
  {
    id: 'audience',
    title: 'Audience',
    description: 'Which audience a token must name, and whether it is checked.',
    fields: ['audience', 'verify_audience'],
  },
  {
    id: 'authorization',
    title: 'Authorization & isolation',
    description: 'Scope checking, the admin scope, per-user rows and unauthenticated routes.',
    fields: ['authorization', 'scope_matching', 'admin_scope', 'user_isolation', 'excluded_route_paths'],
  },
  {
    id: 'mappings',
    title: 'Scope mappings',
    description:
      '<METHOD> <path> → required scopes. As on the platform, * matches any characters, / included. With scope matching "platform" (the default) the rule the platform picks decides: the exact key, then the defaults in its order (a row with a default\'s key takes its place), then new rows in order; first match wins.',
    fields: ['scope_mappings'],
  },
] as const;

/** The form's label for each setting (its name is shown beside it). */
const LABELS: Record<string, string> = {
  validate: 'Validate tokens',
  algorithm: 'Algorithm',
  jwks_file: 'JWKS file',
  jwks_url: 'JWKS URL',
  verification_keys: 'Verification keys',
  secret_key: 'Secret key (deprecated)',
  token_source: 'Source',
  token_header_key: 'Header',
  cookie_name: 'Cookie',
  scopes_claim: 'Scopes claim',
  user_id_claim: 'User id claim',
  session_id_claim: 'Session id claim',
  audience_claim: 'Audience claim',
  dependencies_claims: 'Dependencies claims',
  session_state_claims: 'Session state claims',
  audience: 'Expected audience',
  verify_audience: 'Verify audience',
  authorization: 'Scope checking',
  admin_scope: 'Admin scope',
  user_isolation: 'User isolation',
  excluded_route_paths: 'Excluded routes',
  scope_mappings: 'Scope mappings',
  scope_matching: 'Which rule decides',
  os_id: 'Service id',
  cors_allowed_origins: 'Allowed origins',
  default_database: 'Default database',
};

const SECTION_OF = new Map<string, string>(AUTH_SECTIONS.flatMap((s) => s.fields.map((f) => [f, s.id] as const)));

export interface SettingField {
  name: string;
  label: string;
  /** The form section (`AUTH_SECTIONS` id) for auth settings; `general` for the top-level ones. */
  section: string;
  type: string;
  nullable: boolean;
  default?: unknown;
  enum?: string[];
  help: string;
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
};

function typeName(s: JsonSchema): string {
  if (s.anyOf) return [...new Set(s.anyOf.map(typeName))].join(' | ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return types
    .map((t) => {
      if (t === 'array') return `array<${s.items ? typeName(s.items) : 'unknown'}>`;
      if (t === 'object' && typeof s.additionalProperties === 'object') return `map<string, ${typeName(s.additionalProperties)}>`;
      return t;
    })
    .join(' | ') || 'unknown';
}

function enumOf(s: JsonSchema): string[] | undefined {
  if (s.enum) return s.enum.map(String);
  for (const alt of s.anyOf ?? []) {
    const e = enumOf(alt);
    if (e) return e;
  }
  return undefined;
}

/** The whole settings file as JSON Schema (input side: what may be written). */
export function settingsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SettingsSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** One entry per setting of `schema`'s properties (all of them, or those `only` names). */
function fieldsOf(schema: z.ZodType, only?: readonly string[]): SettingField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> };
  const defaults = schema.parse({}) as Record<string, unknown>;
  return Object.entries(json.properties)
    .filter(([name]) => only === undefined || only.includes(name))
    .map(([name, prop]) => {
      const type = typeName(prop);
      const e = enumOf(prop);
      const field: SettingField = {
        name,
        label: LABELS[name] ?? name,
        section: SECTION_OF.get(name) ?? 'general',
        type: type.replace(/ \| null$/, ''),
        nullable: /\bnull\b/.test(type),
        help: prop.description ?? AUTH_HELP[name] ?? '',
        ...(e ? { enum: e } : {}),
      };
      if (name in defaults) field.default = defaults[name];
      return field;
    });
}

/** One entry per `auth` setting, in form order: name, label, section, type, default, allowed values, help. */
export function authSettingFields(): SettingField[] {
  const order = AUTH_SECTIONS.flatMap((s) => s.fields as readonly string[]);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return fieldsOf(AuthSettingsSchema).sort((a, b) => rank(a.name) - rank(b.name));
}

/** The form's sections, each with its settings in order. */
export function authSettingSections(): { id: string; title: string; description: string; fields: string[] }[] {
  return AUTH_SECTIONS.map((s) => ({ ...s, fields: [...s.fields] }));
}

/** The top-level one-value settings (`os_id`, `cors_allowed_origins`, `default_database`), described the same way. */
export function generalSettingFields(): SettingField[] {
  return fieldsOf(SettingsSchema, GENERAL_SETTINGS);
}
