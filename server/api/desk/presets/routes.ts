import express from 'express';
import { ConflictError } from '../../../errors.js';
import { parseInput } from '../../../http/validate.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { DeskPresetFixtureRequestSchema, PresetParamsSchema } from '../schemas.js';
import { baseSettingsInput, readOnlyReason } from '../settings/file.js';
import { generatePresetFixture } from './fixture.js';
import { PRESET_NAMES, PRESETS, presetAuthPatch } from './presets.js';

/** `/desk/presets`: identity-provider presets and their offline fixtures. */
export function presetsRouter(runtime: Runtime): express.Router {
  const router = express.Router();

  router.get('/presets', (_req, res) => {
    res.json({
      presets: PRESET_NAMES.map((name) => {
        const p = PRESETS[name];
        return {
          name,
          title: p.title,
          description: p.description,
          issuer: p.issuer,
          jwks_uri_example: p.jwksUriExample,
          settings_patch: presetAuthPatch(name),
        };
      }),
    });
  });

  router.post('/presets/:name/fixture', async (req, res) => {
    const { name } = parseInput(PresetParamsSchema, req.params, 'path');
    const body = parseInput(DeskPresetFixtureRequestSchema, req.body ?? {}, 'body');
    if (body.apply) {
      const reason = readOnlyReason(runtime.settings());
      if (reason) throw new ConflictError(reason);
    }
    const fixture = await generatePresetFixture(runtime.dataDir, name, Date.now() / 1000);
    if (body.apply) {
      const base = baseSettingsInput(runtime.settings());
      await runtime.applySettings({ ...base, auth: { ...(base.auth ?? {}), ...fixture.settings_patch } });
    }
    res.json({ ...fixture, applied: body.apply });
  });

  return router;
}
