import express from 'express';
import { DEFAULT_SCOPE_MAPPINGS } from '../../platform/platform-routes.js';
import { buildMappingTable } from '../../../auth/index.js';
import { ConflictError, ValidationError } from '../../../errors.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { DeskSettingsPutSchema } from '../schemas.js';
import { parseInput } from '../../../http/validate.js';
import { authSettingFields, authSettingSections, generalSettingFields, settingsJsonSchema } from './fields.js';
import { readFileSettings, readOnlyReason } from './file.js';
import { maskSettingsSecrets, restoreMaskedSecrets } from './secrets.js';

/** `/desk/settings`: the live settings, replaced as a whole by PUT. */
/**
 * For each default: the `scope_mappings` key that changes it under `scope_matching: "platform"`
 * (the platform's own default that covers the route, `GET /sessions/*` for the run route).
 */
const DEFAULT_OVERRIDE_KEYS: Record<string, string> = Object.fromEntries(
  buildMappingTable(null, DEFAULT_SCOPE_MAPPINGS).table.entries.map((e) => [e.written, e.platformKey]),
);

export function settingsRouter(runtime: Runtime): express.Router {
  const router = express.Router();

  const view = () => {
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
  };

  router.get('/settings', (_req, res) => {
    res.json(view());
  });

  router.put('/settings', async (req, res) => {
    const reason = readOnlyReason(runtime.settings());
    if (reason) throw new ConflictError(reason);
    // Only the outer shape here; applySettings validates every field like the settings file.
    const body = parseInput(DeskSettingsPutSchema, req.body, 'body');
    await runtime.applySettings(restoreMaskedSecrets(body, readFileSettings(runtime.settings())));
    res.json(view());
  });

  // A dry run writes nothing, so it is allowed under --config too.
  router.post('/settings/validate', async (req, res) => {
    const body = parseInput(DeskSettingsPutSchema, req.body, 'body');
    let restored;
    try {
      restored = restoreMaskedSecrets(body, readFileSettings(runtime.settings()));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return res.json({ valid: false, issues: err.issues });
    }
    res.json(await runtime.validateSettings(restored));
  });

  router.get('/settings/schema', (_req, res) => {
    res.json({
      sections: authSettingSections(),
      auth: authSettingFields(),
      general: generalSettingFields(),
      json_schema: settingsJsonSchema(),
      default_scope_mappings: DEFAULT_SCOPE_MAPPINGS,
      default_override_keys: DEFAULT_OVERRIDE_KEYS,
    });
  });

  return router;
}
