/**
 * Shapes of the workbench API (`/desk/...`) as the UI reads them. Written from the desk's
 * OpenAPI document (STYLE: the renderer never imports server files). Keep field names in the
 * spec's snake_case.
 */

export const TOKEN_SOURCES = ['HEADER', 'COOKIE', 'BOTH'] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];

export const ALGORITHMS = [
  'RS256', 'RS384', 'RS512',
  'PS256', 'PS384', 'PS512',
  'ES256', 'ES384', 'ES512',
  'EdDSA', 'Ed25519',
  'HS256', 'HS384', 'HS512',
] as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*'] as const;

/** SPEC §5.2, as the desk returns it (defaults filled in). */
export interface AuthSettings {
  verification_keys?: string[] | undefined;
  jwks_file?: string | null | undefined;
  jwks_url?: string | null | undefined;
  secret_key?: string | null | undefined;
  algorithm: string;
  validate: boolean;
  authorization: boolean | null;
  token_source: TokenSource;
  token_header_key: string;
  cookie_name: string;
  scopes_claim: string;
  user_id_claim: string;
  session_id_claim: string;
  audience_claim: string;
  audience: string | string[] | null;
  verify_audience: boolean;
  dependencies_claims: string[];
  session_state_claims: string[];
  scope_mappings: Record<string, string[]> | null;
  excluded_route_paths: string[];
  admin_scope: string;
  user_isolation: boolean;
}

export interface DatabaseEntry {
  id: string;
  path: string;
  session_table?: string | undefined;
  read_only: boolean;
}

export interface Settings {
  os_id: string;
  server: { host: string; port: number };
  auth: AuthSettings;
  databases: DatabaseEntry[];
  [extra: string]: unknown;
}

/** What the live auth layer was built from (no secrets). */
export interface AuthStatus {
  validate: boolean;
  algorithm: string;
  authorization_enabled: boolean;
  verification_keys: number;
  jwks_file: { path: string; kids: string[]; key_count: number; skipped: string[]; last_error: string | null } | null;
  jwks_url: { url: string; kids: string[] } | null;
  /** Effective mappings (defaults + custom; an overridden default is replaced). */
  mappings: MatchedMapping[];
  excluded_route_paths: string[];
}

export interface SettingsEnvelope {
  /** The settings in force (defaults and env fallbacks applied). */
  settings: Settings;
  /** The file as written (what PUT replaces), when readable. */
  file_settings: Record<string, unknown> | null;
  path: string;
  writable: boolean;
  reason: string | null;
  warnings: string[];
  auth_status: AuthStatus;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** One auth setting as `/desk/settings/schema` describes it. */
export interface SettingDescription {
  name: string;
  type: string;
  nullable: boolean;
  default?: unknown;
  enum?: string[] | undefined;
  help: string;
}

export interface SettingsSchemaResponse {
  auth: SettingDescription[];
  json_schema: Record<string, unknown>;
  /** The built-in route → scopes table (when the desk reports it). */
  default_scope_mappings?: Record<string, string[]> | undefined;
}

export interface KeyInfo {
  kid: string;
  alg: string;
  kty: 'RSA' | 'EC' | 'OKP' | 'oct';
  crv: string | null;
  use: 'sig';
  /** RFC 7638 thumbprint. */
  fingerprint: string;
  /** In `keys/trusted.jwks.json`, the default `auth.jwks_file`. */
  trusted: boolean;
  source: 'generated' | 'imported';
  /** rundesk can sign with it. */
  has_private: boolean;
  created_at: string;
  origin: string | null;
}

export interface KeyList {
  keys: KeyInfo[];
  trusted_jwks_path: string;
  /** Whether the live settings read that file (so trust changes take effect). */
  trusted_jwks_in_use: boolean;
}

export interface KeyImportResponse {
  added: KeyInfo[];
  skipped: { kid: string; reason: string }[];
  notes: string[];
}

export const DEFECTS = ['expired', 'not_yet_valid', 'wrong_audience', 'untrusted_key', 'none_alg', 'tampered'] as const;
export type Defect = (typeof DEFECTS)[number];

export interface MintRequest {
  sub?: string | null | undefined;
  scopes?: string[] | undefined;
  ttl?: number | undefined;
  no_exp?: boolean | undefined;
  aud?: string | string[] | null | undefined;
  iss?: string | null | undefined;
  session_id?: string | null | undefined;
  claims?: Record<string, unknown> | undefined;
  scopes_claim?: string | undefined;
  scopes_format?: 'array' | 'string' | undefined;
  /** kid of the local signing key. */
  key?: string | undefined;
  alg?: string | undefined;
  typ?: string | null | undefined;
  defect?: Defect | undefined;
  /** Request path for `curl` and `preview`. */
  path?: string | undefined;
}

export interface MintResponse {
  token: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  kid: string | null;
  alg: string;
  defect: Defect | null;
  /** Epoch seconds. */
  expires_at: number | null;
  curl: string;
  /** What the auth layer decides for `curl`'s request right now. */
  preview: { method: string; path: string; status: number; detail: string | null };
}

export interface MatchedMapping {
  pattern: string;
  scopes: string[];
  source: 'default' | 'custom';
}

export interface RequestAuthState {
  authenticated: boolean;
  user_id: string | null;
  session_id: string | null;
  scopes: string[];
  audience: string | string[] | null;
  authorization_enabled: boolean;
  dependencies: Record<string, unknown>;
  session_state: Record<string, unknown>;
  accessible_resource_ids: string[];
  is_admin?: boolean | undefined;
  user_isolation?: boolean | undefined;
  token?: string | undefined;
}

export interface LintWarning {
  code?: string | undefined;
  message: string;
  level?: string | undefined;
}

export interface InspectRequest {
  token: string;
  method: string;
  path: string;
}

/** A key that verified a token, or was tried (`verification_keys[index]`, a JWKS entry...). */
export interface KeyRef {
  source: 'verification_keys' | 'secret_key' | 'jwks_file' | 'jwks_url' | string;
  index: number | null;
  kid: string | null;
}

export interface KeyAttempt extends KeyRef {
  outcome: 'verified' | 'signature_mismatch' | 'skipped' | 'error' | string;
  reason: string;
}

/** `/desk/inspect`: the auth layer's decision for one request, explained. */
export interface InspectResponse {
  method: string;
  path: string;
  outcome: 'excluded' | 'allow' | 'deny' | string;
  status: number;
  detail: string | null;
  error_code: string | null;
  reason?: string | null;
  excluded_by?: string | null;
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  decode_error?: string | null;
  verification: {
    validate: boolean;
    verified: boolean;
    verified_by: KeyRef | null;
    attempts: KeyAttempt[];
    failure: string | null;
  };
  audience?: { checked: boolean; expected: string[]; actual: string | string[] | null; ok: boolean | null } | undefined;
  state: RequestAuthState | null;
  authorization_enabled: boolean;
  matched: MatchedMapping | null;
  required_scopes: string[];
  missing_scopes: string[];
  allowed_resource_ids?: string[] | null;
  hints?: string[] | undefined;
  /** Token lint (the desk adds it). */
  lint?: (LintWarning | string)[] | undefined;
}

export interface MatrixRow {
  /** `GET /agents/*` */
  pattern: string;
  method: string;
  /** The path pattern, `/agents/*`. */
  path: string;
  source: 'default' | 'custom' | string;
  required_scopes: string[];
  status: number;
  access: 'all' | 'some' | 'none' | string;
  missing_scopes: string[];
  allowed_resource_ids: string[] | null;
  detail: string | null;
}

export interface MatrixResponse {
  status: number;
  detail: string | null;
  authorization_enabled: boolean;
  is_admin: boolean;
  rows: MatrixRow[];
}

export interface Preset {
  name: string;
  title: string;
  description: string;
  issuer: string;
  jwks_uri_example: string;
  /** Merged into the settings' `auth` object. */
  settings_patch: Partial<AuthSettings>;
}

export interface FixtureToken {
  name: 'reader' | 'admin' | 'no_scopes' | 'expired' | string;
  description: string;
  token: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  expected_status: number;
}

export interface FixtureResponse {
  preset: string;
  issuer: string;
  jwks_path: string;
  jwks: { keys: Record<string, unknown>[] };
  settings_patch: Partial<AuthSettings>;
  applied: boolean;
  tokens: FixtureToken[];
}

export interface MappingLint {
  authorization_enabled: boolean;
  /** Served routes no mapping covers: any authenticated caller may use them. */
  unmapped_routes: { method: string; path: string; message: string }[];
  /** Custom mappings that match no served route. */
  unmatched_mappings: { pattern: string; scopes: string[]; message: string }[];
}

export interface DatabaseListItem {
  id: string;
  path: string;
  read_only: boolean;
  tables: string[];
  default_table: string;
  sessions: number;
  runs: number;
  is_default: boolean;
}

export interface AttachDatabaseRequest {
  path: string;
  id?: string | undefined;
  read_only?: boolean | undefined;
  session_table?: string | undefined;
}
