import { DEFAULT_SCOPE_MAPPINGS } from '../../platform/platform-routes.js';
import { buildMappingTable } from '../../../auth/index.js';
import { ConflictError, ValidationError } from '../../../errors.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { defineRoute, json } from '../../../http/route.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import { DeskSettingsPutSchema, DeskSettingsResponseSchema, DeskSettingsSchemaResponseSchema, DeskSettingsValidationSchema, SettingsInputSchema } from '../schemas.js';
import { authSettingFields, authSettingSections, generalSettingFields, settingsJsonSchema } from './fields.js';
import { readFileSettings, readOnlyReason } from './file.js';
import { maskSettingsSecrets, restoreMaskedSecrets } from './secrets.js';

/**
 * For each default: the `scope_mappings` key that changes it under `scope_matching: "platform"`
 * (the platform's own default that covers the route, `GET /sessions/*` for the run route).
 */
const DEFAULT_OVERRIDE_KEYS: Record<string, string> = Object.fromEntries(
  buildMappingTable(null, DEFAULT_SCOPE_MAPPINGS).table.entries.map((e) => [e.written, e.platformKey]),
);

/** The live settings as the desk shows them: secrets masked, where they come from, whether they can be written. */
function settingsView(runtime: Runtime) {
  const loaded = runtime.settings();
  return {
    settings: maskSettingsSecrets(loaded.settings),
    file_settings: maskSettingsSecrets(readFileSettings(loaded)),
    path: loaded.path,
    writable: loaded.writable,
    reason: readOnlyReason(loaded),
    warnings: loaded.warnings,
    auth_status: runtime.auth().status(),
  };
}

/** Only the outer shape is checked here; `applySettings` validates every field as the settings file is validated. */
const SETTINGS_BODY = { schema: DeskSettingsPutSchema, documented: SettingsInputSchema, limit: DESK_BODY_LIMIT };

/** `/desk/settings`: the live settings, replaced as a whole by PUT. */
export const settingsRoutes = [
  defineRoute({
    method: 'get',
    path: '/settings',
    operationId: 'desk_get_settings',
    tags: ['Workbench'],
    summary: 'The live settings',
    answers: { 200: { description: 'Settings, where they come from, and whether they can be written', schema: DeskSettingsResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      return json(settingsView(runtime));
    },
  }),
  defineRoute({
    method: 'put',
    path: '/settings',
    operationId: 'desk_put_settings',
    tags: ['Workbench'],
    summary: 'Replace the settings (live, atomic)',
    description: 'Takes effect on the very next request. 409 when the server was started with `--config`.',
    body: SETTINGS_BODY,
    answers: { 200: { description: 'The settings now in force', schema: DeskSettingsResponseSchema } },
    errors: [409],
    emits: ['STORAGE_WRITE_FAILED', 'INSUFFICIENT_STORAGE'],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      const reason = readOnlyReason(runtime.settings());
      if (reason) throw new ConflictError(reason);
      await runtime.applySettings(restoreMaskedSecrets(body, readFileSettings(runtime.settings())));
      return json(settingsView(runtime));
    },
  }),
  // A dry run writes nothing, so it is allowed under --config too.
  defineRoute({
    method: 'post',
    path: '/settings/validate',
    operationId: 'desk_validate_settings',
    tags: ['Workbench'],
    summary: 'Dry-run a settings change: validate without applying or writing',
    description:
      'The same validation as PUT (schema, key files and keys vs. algorithm, database files checked read-only) with nothing applied, attached or written. Bad settings are a 200 with `valid: false`. Allowed under `--config`.',
    body: SETTINGS_BODY,
    answers: { 200: { description: 'Whether PUT would accept the settings, and why not', schema: DeskSettingsValidationSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      let restored;
      try {
        restored = restoreMaskedSecrets(body, readFileSettings(runtime.settings()));
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        return json({ valid: false, issues: err.issues });
      }
      return json(await runtime.validateSettings(restored));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/settings/schema',
    operationId: 'desk_settings_schema',
    tags: ['Workbench'],
    summary: 'Every auth setting: type, default, help',
    answers: { 200: { description: 'Field list and JSON Schema', schema: DeskSettingsSchemaResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle() {
      return json({
        sections: authSettingSections(),
        auth: authSettingFields(),
        general: generalSettingFields(),
        json_schema: settingsJsonSchema(),
        default_scope_mappings: DEFAULT_SCOPE_MAPPINGS,
        default_override_keys: DEFAULT_OVERRIDE_KEYS,
      });
    },
  }),
];
