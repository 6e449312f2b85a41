import { ConflictError } from '../../../errors.js';
import { defineRoute, json } from '../../../http/route.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import { DeskPresetFixtureRequestSchema, DeskPresetFixtureResponseSchema, DeskPresetListSchema, PresetParamsSchema } from '../schemas.js';
import { baseSettingsInput, readOnlyReason } from '../settings/file.js';
import { generatePresetFixture } from './fixture.js';
import { PRESET_NAMES, PRESETS, presetAuthPatch } from './presets.js';

/** `/desk/presets`: identity-provider presets and their offline fixtures. */
export const presetRoutes = [
  defineRoute({
    method: 'get',
    path: '/presets',
    operationId: 'desk_list_presets',
    tags: ['Workbench'],
    summary: 'Identity-provider presets',
    answers: { 200: { description: 'Presets with the settings patch each applies', schema: DeskPresetListSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle() {
      return json({
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
    },
  }),
  defineRoute({
    method: 'post',
    path: '/presets/{name}/fixture',
    operationId: 'desk_preset_fixture',
    tags: ['Workbench'],
    summary: "Generate a provider's offline fixture: JWKS file and sample tokens",
    params: PresetParamsSchema,
    body: { schema: DeskPresetFixtureRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'The fixture', schema: DeskPresetFixtureResponseSchema } },
    errors: [409],
    emits: ['STORAGE_WRITE_FAILED', 'INSUFFICIENT_STORAGE'],
    scopes: 'public',
    deskView: false,
    async handle({ params, body }, { runtime }) {
      if (body.apply) {
        const reason = readOnlyReason(runtime.settings());
        if (reason) throw new ConflictError(reason);
      }
      const fixture = await generatePresetFixture(runtime.dataDir, params.name, Date.now() / 1000);
      if (body.apply) {
        const base = baseSettingsInput(runtime.settings());
        await runtime.applySettings({ ...base, auth: { ...(base.auth ?? {}), ...fixture.settings_patch } });
      }
      return json({ ...fixture, applied: body.apply });
    },
  }),
];
