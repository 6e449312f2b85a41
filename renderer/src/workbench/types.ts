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

export interface SettingsEnvelope {
  settings: Settings;
  path: string;
  writable: boolean;
  reason?: string | null | undefined;
  warnings?: string[] | undefined;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** One auth setting as `/desk/settings/schema` describes it. */
export interface SettingDescription {
  name: string;
  type: string;
  default: unknown;
  help: string;
  enum?: string[] | undefined;
}

export interface SettingsSchemaResponse {
  auth: SettingDescription[];
  /** Built-in route → scopes table that custom `scope_mappings` add to and override. */
  default_scope_mappings?: Record<string, string[]> | undefined;
}

export interface KeyInfo {
  kid: string;
  alg: string;
  kty?: string | undefined;
  fingerprint: string;
  /** Whether the auth layer currently accepts tokens signed by this key. */
  trusted: boolean;
  /** Whether the desk holds the private half (can mint with it). */
  private?: boolean | undefined;
  has_private_key?: boolean | undefined;
  can_sign?: boolean | undefined;
  source?: string | undefined;
  created_at?: string | number | undefined;
  label?: string | null | undefined;
}

export const DEFECTS = ['expired', 'not_yet_valid', 'wrong_audience', 'untrusted_key', 'none_alg', 'tampered'] as const;
export type Defect = (typeof DEFECTS)[number];

export interface MintRequest {
  sub?: string | undefined;
  scopes?: string[] | undefined;
  ttl?: number | undefined;
  aud?: string | string[] | undefined;
  iss?: string | undefined;
  session_id?: string | undefined;
  claims?: Record<string, unknown> | undefined;
  scopes_claim?: string | undefined;
  kid?: string | undefined;
  alg?: string | undefined;
  defect?: Defect | undefined;
}

export interface MintResponse {
  token: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  curl: string;
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

export interface InspectResponse {
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  /** Which key verified the signature, or why none did. */
  verification: {
    verified: boolean;
    kid?: string | null | undefined;
    alg?: string | null | undefined;
    key?: string | null | undefined;
    source?: string | null | undefined;
    reason?: string | null | undefined;
  };
  lint: (LintWarning | string)[];
  state: RequestAuthState | null;
  required_scopes: string[];
  matched_mapping: MatchedMapping | null;
  status: number;
  detail: string | null;
  outcome?: string | undefined;
  error_code?: string | null | undefined;
}

export interface MatrixRow {
  method: string;
  pattern: string;
  path?: string | undefined;
  allowed: boolean;
  status?: number | undefined;
  required_scopes: string[];
  missing_scopes: string[];
  source?: 'default' | 'custom' | 'excluded' | undefined;
  detail?: string | null | undefined;
}

export interface MatrixResponse {
  routes: MatrixRow[];
}

export interface Preset {
  name: string;
  label: string;
  description?: string | undefined;
  /** The auth settings the preset sets. */
  settings: Partial<AuthSettings>;
  /** Whether the desk can generate an offline fixture JWKS for the provider. */
  fixture?: boolean | undefined;
}

export interface FixtureResponse {
  jwks_file?: string | undefined;
  kid?: string | undefined;
  token?: string | undefined;
  settings?: Partial<AuthSettings> | undefined;
  [extra: string]: unknown;
}

export interface MappingLintItem {
  pattern?: string | undefined;
  message: string;
  level?: string | undefined;
  code?: string | undefined;
}

export interface DatabaseListItem {
  id: string;
  path: string;
  read_only: boolean;
  session_tables: string[];
  default_table?: string | undefined;
  sessions: number;
  runs: number;
  builtin?: boolean | undefined;
  error?: string | null | undefined;
}

export interface AttachDatabaseRequest {
  path: string;
  id?: string | undefined;
  read_only?: boolean | undefined;
  session_table?: string | undefined;
}
