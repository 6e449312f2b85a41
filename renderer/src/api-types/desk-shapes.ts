/**
 * Shapes of the workbench API (`/desk/...`) as the UI reads them. Request/response types are
 * aliases of the generated `openapi.gen.ts` (from the server's `/openapi.json`; regenerate
 * with `npm run gen:api-types`). The renderer never imports server files.
 *
 * Hand-written here: UI constants (option lists), each checked against the document's type.
 */
import type { Schema } from './schemas';
import type { DeskDatabase, InspectRequest, InspectVerdict, MintRequest, MintResponse } from './shapes';

// Aliased once in shapes.ts (the run browser uses them too); re-exported under the workbench's names.
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
// The list names every algorithm the document does: one added on the server fails this line.
const everyAlgorithm: [Exclude<Algorithm, (typeof ALGORITHMS)[number]>] extends [never] ? true : false = true;
void everyAlgorithm;
export const isAlgorithm = (value: string): value is Algorithm => (ALGORITHMS as readonly string[]).includes(value);

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', '*'] as const;

/** Every `auth` setting, as the desk returns it (defaults and env fallbacks filled in). */
export type AuthSettings = Settings['auth'];
export type DatabaseEntry = Settings['databases'][number];
/** The settings in force (`GET /desk/settings` → `settings`). */
export type Settings = Schema<'Settings'>;
/** The settings file as it may be written: what PUT and the dry run take. */
export type SettingsInput = Schema<'SettingsInput'>;
/** What the live auth layer was built from (no secrets). */
export type AuthStatus = Schema<'DeskAuthStatus'>;
export type SettingsEnvelope = Schema<'DeskSettings'>;

/** One bad setting as the server names it (`auth.algorithm`). */
export type { InputIssue as FieldIssue } from './shapes';

/** One auth setting as `/desk/settings/schema` describes it. */
export type SettingDescription = Schema<'DeskSettingField'>;
export type SettingsSchemaResponse = Schema<'DeskSettingsSchema'>;
export type SettingsSection = SettingsSchemaResponse['sections'][number];
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
export type Preset = Schema<'DeskPreset'>;

export type FixtureResponse = Schema<'DeskPresetFixture'>;
export type FixtureToken = FixtureResponse['tokens'][number];

export type MappingLint = Schema<'DeskMappingLint'>;

export type AttachDatabaseRequest = Schema<'DeskDatabaseAttachRequest'>;
