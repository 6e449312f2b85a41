/**
 * Shapes of the workbench API (`/desk/...`) as the UI reads them. Request/response types are
 * aliases of the generated `api/openapi.gen.ts` (from the server's `/openapi.json`; regenerate
 * with `npm run gen:api-types`). STYLE: the renderer never imports server files.
 *
 * Hand-written here: UI constants (option lists), and the settings objects (`AuthSettings`,
 * `Settings`, `AuthStatus`), which the document declares free-form
 * (`{ [key: string]: unknown }`), so the UI keeps their known shape and refines the documented
 * envelopes with it (`Refine`).
 */
import type { Refine, Schema } from '../api/schemas';
import type { DeskDatabase, InspectRequest, InspectVerdict, MintRequest, MintResponse } from '../api/types';

// Aliased once in api/types.ts (the run browser uses them too); re-exported under the workbench's names.
export type { InspectRequest, MintRequest, MintResponse };
export type InspectResponse = InspectVerdict;
export type DatabaseListItem = DeskDatabase;

export const TOKEN_SOURCES = ['HEADER', 'COOKIE', 'BOTH'] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];

export const ALGORITHMS = [
  'RS256', 'RS384', 'RS512',
  'PS256', 'PS384', 'PS512',
  'ES256', 'ES384', 'ES512',
  'EdDSA', 'Ed25519',
  'HS256', 'HS384', 'HS512',
] as const satisfies readonly Algorithm[];
export type Algorithm = Schema<'DeskKey'>['alg'];
export const isAlgorithm = (value: string): value is Algorithm => (ALGORITHMS as readonly string[]).includes(value);

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
  cors_allowed_origins: string[];
  default_database: string | null;
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

export type SettingsEnvelope = Refine<
  Schema<'DeskSettings'>,
  {
    /** The settings in force (defaults and env fallbacks applied). */
    settings: Settings;
    auth_status: AuthStatus;
  }
>;

export interface FieldIssue {
  path: string;
  message: string;
}

/** One auth setting as `/desk/settings/schema` describes it. */
export type SettingDescription = Schema<'DeskSettingField'>;
export type SettingsSchemaResponse = Schema<'DeskSettingsSchema'>;
/** `POST /desk/settings/validate`: whether PUT would accept a draft, with PUT's issues. */
export type SettingsValidation = Schema<'DeskSettingsValidation'>;

export type KeyInfo = Schema<'DeskKey'>;
export type KeyList = Schema<'DeskKeyList'>;
export type KeyImportResponse = Schema<'DeskKeyImportResponse'>;

export type Defect = NonNullable<MintRequest['defect']>;
export const DEFECTS = ['expired', 'not_yet_valid', 'wrong_audience', 'untrusted_key', 'none_alg', 'tampered'] as const satisfies readonly Defect[];

export type MatchedMapping = NonNullable<InspectResponse['matched']>;
export type RequestAuthState = NonNullable<Schema<'RequestAuthState'>>;

export type LintWarning = Schema<'DeskLintWarning'>;

/** A key that verified a token, or was tried (`verification_keys[index]`, a JWKS entry...). */
export type KeyAttempt = InspectResponse['verification']['attempts'][number];
export type KeyRef = NonNullable<InspectResponse['verification']['verified_by']>;

export type MatrixResponse = Schema<'DeskRouteMatrixResponse'>;
export type MatrixRow = MatrixResponse['rows'][number];

/** `settings_patch` is merged into the settings' `auth` object. */
export type Preset = Refine<Schema<'DeskPreset'>, { settings_patch: Partial<AuthSettings> }>;

export type FixtureResponse = Refine<Schema<'DeskPresetFixture'>, { settings_patch: Partial<AuthSettings> }>;
export type FixtureToken = FixtureResponse['tokens'][number];

export type MappingLint = Schema<'DeskMappingLint'>;

export type AttachDatabaseRequest = Schema<'DeskDatabaseAttachRequest'>;
