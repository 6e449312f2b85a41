import { ALGORITHMS, HTTP_METHODS, type AuthSettings, type FieldIssue, type MatchedMapping, type Preset, type Settings } from '../types';

/**
 * Pure helpers behind the auth settings form: the editable draft, local checks, mapping rows,
 * server issues routed to fields, and presets. No React here, so it is unit-tested directly.
 */

/** SPEC §5.2 names in the order the page shows them. */
export const AUTH_FIELDS = [
  'validate',
  'algorithm',
  'jwks_file',
  'jwks_url',
  'verification_keys',
  'secret_key',
  'token_source',
  'token_header_key',
  'cookie_name',
  'scopes_claim',
  'user_id_claim',
  'session_id_claim',
  'audience_claim',
  'dependencies_claims',
  'session_state_claims',
  'audience',
  'verify_audience',
  'authorization',
  'admin_scope',
  'user_isolation',
  'excluded_route_paths',
  'scope_mappings',
] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];

/** SPEC §5.2 defaults and meanings, used until (or where) `/desk/settings/schema` says more. */
export const FALLBACK_DOCS: Record<AuthField, { default: unknown; help: string }> = {
  validate: { default: true, help: 'Whether tokens are validated (signature, exp, nbf, audience).' },
  algorithm: { default: 'RS256', help: 'Signing algorithm. All keys must suit it.' },
  jwks_file: { default: 'env JWT_JWKS_FILE', help: "Path to a static JWKS file; the key is chosen by the token's kid." },
  jwks_url: { default: null, help: "An identity provider's JWKS endpoint, fetched and cached (beyond SPEC)." },
  verification_keys: {
    default: 'env JWT_VERIFICATION_KEY',
    help: 'Public keys (PEM) or HS* shared secrets, tried in order after the JWKS.',
  },
  secret_key: { default: null, help: 'Deprecated: verification_keys replaces it.' },
  token_source: { default: 'HEADER', help: 'Where the token is read from. With BOTH, the header is tried first.' },
  token_header_key: { default: 'Authorization', help: 'Header carrying "Bearer <token>".' },
  cookie_name: { default: 'access_token', help: 'Cookie carrying the token (COOKIE or BOTH).' },
  scopes_claim: { default: 'scopes', help: 'Claim that carries the scopes (e.g. permissions, scope, scp).' },
  user_id_claim: { default: 'sub', help: 'Claim that carries the user id.' },
  session_id_claim: { default: 'session_id', help: 'Claim that carries the session id.' },
  audience_claim: { default: 'aud', help: 'Claim that carries the audience.' },
  dependencies_claims: { default: [], help: "Claims copied into the request's dependencies." },
  session_state_claims: { default: [], help: "Claims copied into the request's session state." },
  audience: { default: null, help: "Expected audience; the token matches when its audience equals any value. Empty: the service's own id (os_id)." },
  verify_audience: { default: false, help: 'Verify that the audience claim matches.' },
  authorization: { default: null, help: 'Scope checking. Auto: on when scope_mappings is given.' },
  admin_scope: { default: 'platform:admin', help: 'Scope that grants full access.' },
  user_isolation: {
    default: false,
    help: 'Callers without the admin scope read and write only rows tied to their user id.',
  },
  excluded_route_paths: {
    default: ['/', '/health', '/info', '/docs', '/redoc', '/openapi.json', '/docs/oauth2-redirect'],
    help: 'Routes that skip token and scope checks.',
  },
  scope_mappings: { default: null, help: 'Custom route-to-scope mappings, added to the defaults; a custom row for a default route overrides it.' },
};

// ---------------------------------------------------------------------------------------------
// Scope-mapping rows

export interface MappingRow {
  /** Stable React key; not part of the settings. */
  id: string;
  method: string;
  path: string;
  scopes: string[];
}

let rowSeq = 0;
export function newRowId(): string {
  rowSeq += 1;
  return `m${rowSeq}`;
}

/** `"GET /sessions/*"` → `{ method: 'GET', path: '/sessions/*' }`; anything else keeps the text in `path`. */
export function parseMappingKey(key: string): { method: string; path: string } {
  const m = /^(\S+)\s+(.*)$/.exec(key.trim());
  if (!m) return { method: 'GET', path: key.trim() };
  return { method: (m[1] ?? '').toUpperCase(), path: (m[2] ?? '').trim() };
}

export function mappingKey(row: Pick<MappingRow, 'method' | 'path'>): string {
  return `${row.method.trim().toUpperCase()} ${row.path.trim()}`;
}

export function rowsFromMappings(mappings: Record<string, string[]> | null | undefined): MappingRow[] {
  if (!mappings) return [];
  return Object.entries(mappings).map(([key, scopes]) => ({ id: newRowId(), ...parseMappingKey(key), scopes: [...scopes] }));
}

/** No rows → `null` (the SPEC default: "none"), so authorization `null` stays automatic. */
export function mappingsFromRows(rows: readonly MappingRow[]): Record<string, string[]> | null {
  if (rows.length === 0) return null;
  const out: Record<string, string[]> = {};
  for (const r of rows) out[mappingKey(r)] = [...r.scopes];
  return out;
}

/** Which default entries a custom row replaces (same `<METHOD> <path>`). */
export function overriddenDefaults(rows: readonly MappingRow[], defaults: Record<string, readonly string[]>): Set<string> {
  const keys = new Set(rows.map(mappingKey));
  return new Set(Object.keys(defaults).filter((k) => keys.has(k)));
}

/** Problems with one row, keyed by row id: shape of the key, duplicates. */
export function rowIssues(rows: readonly MappingRow[]): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const r of rows) {
    const method = r.method.trim().toUpperCase();
    const path = r.path.trim();
    if (!(HTTP_METHODS as readonly string[]).includes(method)) out.set(r.id, `method ${method || '(empty)'} is not an HTTP method`);
    else if (path === '') out.set(r.id, 'enter a path pattern, e.g. /sessions/*');
    else if (!path.startsWith('/')) out.set(r.id, 'path must start with "/"');
    else if (/\s/.test(path)) out.set(r.id, 'path must not contain spaces');
    else {
      const key = mappingKey(r);
      const first = seen.get(key);
      if (first !== undefined) out.set(r.id, `duplicate of another row (${key})`);
      else seen.set(key, r.id);
    }
    if (!out.has(r.id) && r.scopes.some((s) => s.trim() === '')) out.set(r.id, 'scopes must not be empty strings');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Local checks (the server's 422 issues win over these when present)

const NON_EMPTY: readonly AuthField[] = [
  'token_header_key',
  'cookie_name',
  'scopes_claim',
  'user_id_claim',
  'session_id_claim',
  'audience_claim',
  'admin_scope',
];

/** Obvious mistakes, checked as the user types. Field name → message. */
export function localIssues(auth: AuthSettings, rows: readonly MappingRow[]): Partial<Record<AuthField, string>> {
  const out: Partial<Record<AuthField, string>> = {};
  for (const f of NON_EMPTY) {
    const v = auth[f as keyof AuthSettings];
    if (typeof v !== 'string' || v.trim() === '') out[f] = 'must not be empty';
  }
  if (!(ALGORITHMS as readonly string[]).includes(auth.algorithm)) {
    out.algorithm = `${auth.algorithm || '(empty)'} is not a supported algorithm (${ALGORITHMS.slice(0, 4).join(', ')}, …)`;
  }
  if (auth.token_header_key && /[^!#$%&'*+.^_`|~0-9A-Za-z-]/.test(auth.token_header_key)) {
    out.token_header_key = 'is not a valid HTTP header name';
  }
  const badPath = auth.excluded_route_paths.find((p) => !p.startsWith('/'));
  if (badPath !== undefined) out.excluded_route_paths = `"${badPath}" must start with "/"`;
  if (auth.jwks_url && !/^https?:\/\/\S+$/.test(auth.jwks_url)) out.jwks_url = 'must be an http(s) URL';
  if (auth.verification_keys?.some((k) => k.trim() === '')) out.verification_keys = 'a key is empty';
  const rowProblems = rowIssues(rows);
  if (rowProblems.size > 0) out.scope_mappings = `${rowProblems.size} row${rowProblems.size === 1 ? ' has' : 's have'} a problem`;
  if (auth.validate && !auth.jwks_file && !auth.jwks_url && !(auth.verification_keys?.length) && !auth.secret_key) {
    out.jwks_file = 'validate is on but no key source is set (jwks_file, jwks_url or verification_keys)';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server issues → fields

export interface RoutedIssues {
  /** Field name → messages. */
  byField: Map<string, string[]>;
  /** Mapping key (`GET /x`) → messages, for the row editor. */
  byMapping: Map<string, string[]>;
  /** Issues that name no auth field (shown in the summary). */
  other: FieldIssue[];
}

/**
 * Routes 422 issues (`auth.algorithm`, `auth.scope_mappings.GET /x`, `auth.excluded_route_paths.2`)
 * to the field that shows them.
 */
export function routeIssues(issues: readonly FieldIssue[]): RoutedIssues {
  const byField = new Map<string, string[]>();
  const byMapping = new Map<string, string[]>();
  const other: FieldIssue[] = [];
  const push = (m: Map<string, string[]>, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const issue of issues) {
    const path = issue.path.startsWith('auth.') ? issue.path.slice(5) : issue.path === 'auth' ? '' : null;
    if (path === null || path === '') {
      other.push(issue);
      continue;
    }
    const field = (AUTH_FIELDS as readonly string[]).find((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`));
    if (!field) {
      other.push(issue);
      continue;
    }
    const rest = path.slice(field.length).replace(/^[.[]/, '').replace(/\]$/, '');
    if (field === 'scope_mappings' && rest) {
      // `GET /x` or `GET /x.0` (a scope inside the list).
      const key = /^(\S+ \/\S*?)(?:\.\d+)?$/.exec(rest)?.[1] ?? rest;
      push(byMapping, key, issue.message);
      push(byField, field, `${key}: ${issue.message}`);
    } else {
      push(byField, field, rest && !/^\d+$/.test(rest) ? `${rest}: ${issue.message}` : issue.message);
    }
  }
  return { byField, byMapping, other };
}

/** Reads `issues` from an `ApiError` body (`{ detail, error_code, issues }`). */
export function issuesOf(body: unknown): FieldIssue[] {
  if (!body || typeof body !== 'object') return [];
  const raw = (body as { issues?: unknown }).issues;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i) =>
    i && typeof i === 'object' && typeof (i as FieldIssue).message === 'string'
      ? [{ path: String((i as FieldIssue).path ?? ''), message: (i as FieldIssue).message }]
      : [],
  );
}

/**
 * A dry run's issues that still apply to the draft: the answer may be about an older draft
 * (kept on screen while the next check runs), and an issue about a setting edited since then
 * is dropped rather than shown beside the new value. Issues not about one setting are kept.
 */
export function freshIssues(issues: readonly FieldIssue[], checked: Record<string, unknown>, draft: Record<string, unknown>): FieldIssue[] {
  const valueAt = (body: Record<string, unknown>, parts: string[]): unknown =>
    parts.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
  return issues.filter((issue) => {
    const [top, sub] = issue.path.split(/[.[]/);
    if (!top) return true;
    const parts = top === 'auth' ? (sub ? ['auth', sub] : null) : [top];
    return parts === null || stableJson(valueAt(checked, parts)) === stableJson(valueAt(draft, parts));
  });
}

/** `a`, then the issues of `b` that `a` does not already have. */
export function mergeIssues(a: readonly FieldIssue[], b: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set(a.map((i) => `${i.path}\n${i.message}`));
  return [...a, ...b.filter((i) => !seen.has(`${i.path}\n${i.message}`))];
}

// ---------------------------------------------------------------------------------------------
// Draft ↔ settings

/**
 * The PUT body: the settings *file* as written (`file_settings`) with only the fields the user
 * changed replaced. Starting from the file rather than the settings in force keeps defaults
 * out of it and never writes env fallbacks (`JWT_VERIFICATION_KEY`) into the user's file.
 */
export function buildSettingsBody(
  file: Record<string, unknown> | null,
  inForce: Settings,
  auth: AuthSettings,
  rows: readonly MappingRow[],
): Record<string, unknown> {
  const src: Record<string, unknown> = file ? structuredClone(file) : (structuredClone(inForce) as unknown as Record<string, unknown>);
  const fileAuth: Record<string, unknown> = { ...((src.auth as Record<string, unknown> | undefined) ?? {}) };
  const draft: AuthSettings = { ...auth, scope_mappings: mappingsFromRows(rows) };
  for (const f of changedFields(draft, inForce.auth)) {
    const v = draft[f as keyof AuthSettings];
    // An empty string is sent as is: the server's message for it belongs beside the field.
    if (v === undefined) delete fileAuth[f];
    else fileAuth[f] = v;
  }
  return { ...src, auth: fileAuth };
}

/** Stable JSON for dirty checks (key order of objects does not matter). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Field names whose value differs between two auth objects. */
export function changedFields(a: AuthSettings, b: AuthSettings): AuthField[] {
  return AUTH_FIELDS.filter((f) => stableJson(normalizeEmpty(a[f as keyof AuthSettings])) !== stableJson(normalizeEmpty(b[f as keyof AuthSettings])));
}

function normalizeEmpty(v: unknown): unknown {
  return v === '' || v === undefined ? null : v;
}

/** Whether a field's value differs from its SPEC default (the dot beside the label). */
export function differsFromDefault(field: AuthField, value: unknown, schemaDefault?: unknown): boolean {
  const def = schemaDefault !== undefined ? schemaDefault : FALLBACK_DOCS[field].default;
  if (typeof def === 'string' && def.startsWith('env ')) return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
  return stableJson(normalizeEmpty(value)) !== stableJson(normalizeEmpty(def));
}

// ---------------------------------------------------------------------------------------------
// Presets

/** The auth fields a preset sets, with before → after, for the confirmation line. */
export function presetChanges(auth: AuthSettings, preset: Pick<Preset, 'settings_patch'>): { field: string; from: unknown; to: unknown }[] {
  return Object.entries(preset.settings_patch)
    .filter(([k, v]) => stableJson((auth as unknown as Record<string, unknown>)[k]) !== stableJson(v))
    .map(([field, to]) => ({ field, from: (auth as unknown as Record<string, unknown>)[field], to }));
}

export function applyPreset(auth: AuthSettings, preset: Pick<Preset, 'settings_patch'>): AuthSettings {
  return { ...auth, ...preset.settings_patch };
}

/** Whether the current settings already carry everything a preset sets. */
export function presetActive(auth: AuthSettings, preset: Pick<Preset, 'settings_patch'>): boolean {
  return Object.keys(preset.settings_patch).length > 0 && presetChanges(auth, preset).length === 0;
}

// ---------------------------------------------------------------------------------------------
// Audience (string | string[] | null) ↔ chips

export function audienceToList(aud: AuthSettings['audience']): string[] {
  if (aud === null || aud === undefined) return [];
  return Array.isArray(aud) ? aud : [aud];
}

export function listToAudience(list: string[]): AuthSettings['audience'] {
  if (list.length === 0) return null;
  return list.length === 1 ? (list[0] as string) : list;
}

/** Every scope named by the defaults, the custom rows and the admin scope (for pickers). */
export function knownScopes(defaults: Record<string, readonly string[]>, custom: Record<string, string[]> | null, admin: string): string[] {
  const set = new Set<string>();
  for (const list of Object.values(defaults)) for (const s of list) set.add(s);
  for (const list of Object.values(custom ?? {})) for (const s of list) set.add(s);
  if (admin) set.add(admin);
  return [...set].sort((a, b) => (a === admin ? -1 : b === admin ? 1 : a.localeCompare(b)));
}

/**
 * The built-in route → scopes table. The desk reports the effective table (an overridden
 * default is replaced by the custom row), so defaults seen earlier in this session are
 * remembered: after saving an override, its default stays visible and marked.
 */
const seenDefaults = new Map<string, readonly string[]>();

export function defaultMappings(
  effective: readonly MatchedMapping[] | undefined,
  reported?: Record<string, readonly string[]>,
): Record<string, readonly string[]> {
  if (reported && Object.keys(reported).length > 0) return reported;
  for (const m of effective ?? []) if (m.source === 'default') seenDefaults.set(m.pattern, m.scopes);
  return Object.fromEntries([...seenDefaults.entries()].sort(([a], [b]) => comparePatterns(a, b)));
}

/** Sort by path, then method, like the route matrix. */
function comparePatterns(a: string, b: string): number {
  const [ma = '', pa = ''] = a.split(' ');
  const [mb = '', pb = ''] = b.split(' ');
  return pa === pb ? ma.localeCompare(mb) : pa.localeCompare(pb);
}
