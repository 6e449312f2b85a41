import type { Preset, Settings } from '../../api-types/desk-shapes';
import { mappingsFromRows, type MappingRow } from './mappings';

/**
 * The settings form's draft of the `auth` object: any value per setting name, since the form
 * must be able to hold what the server will refuse (an unknown algorithm, an empty claim name)
 * and show the server's message beside it. Pure, so it is unit-tested directly.
 */
export type AuthDraft = Record<string, unknown>;

/** Stable JSON for dirty checks (key order of objects does not matter). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function normalizeEmpty(v: unknown): unknown {
  return v === '' || v === undefined ? null : v;
}

/** The names among `fields` whose value differs between two drafts. */
export function changedFields(a: AuthDraft, b: AuthDraft, fields: readonly string[]): string[] {
  return fields.filter((f) => stableJson(normalizeEmpty(a[f])) !== stableJson(normalizeEmpty(b[f])));
}

/**
 * Whether a value differs from the schema's default (the dot beside the label). A setting with
 * no default (its default is an environment variable) counts as changed when it holds anything.
 */
export function differsFromDefault(value: unknown, field: { default?: unknown }): boolean {
  if (!('default' in field)) return !(value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0));
  return stableJson(normalizeEmpty(value)) !== stableJson(normalizeEmpty(field.default));
}

/**
 * The PUT body: the settings *file* as written (`file_settings`) with only the settings the user
 * changed replaced. Starting from the file rather than the settings in force keeps defaults
 * out of it and never writes env fallbacks (`JWT_VERIFICATION_KEY`) into the user's file.
 */
export function buildSettingsBody(
  file: Record<string, unknown> | null,
  inForce: Settings,
  draft: AuthDraft,
  rows: readonly MappingRow[],
  fields: readonly string[],
): Record<string, unknown> {
  const src: Record<string, unknown> = file ? structuredClone(file) : (structuredClone(inForce) as unknown as Record<string, unknown>);
  const fileAuth: Record<string, unknown> = { ...((src.auth as Record<string, unknown> | undefined) ?? {}) };
  const next: AuthDraft = { ...draft, scope_mappings: mappingsFromRows(rows) };
  for (const f of changedFields(next, inForce.auth, fields)) {
    // An empty string is sent as is: the server's message for it belongs beside the field.
    if (next[f] === undefined) delete fileAuth[f];
    else fileAuth[f] = next[f];
  }
  return { ...src, auth: fileAuth };
}

/** The settings a preset sets, with before → after, for the confirmation line. */
export function presetChanges(draft: AuthDraft, preset: Pick<Preset, 'settings_patch'>): { field: string; from: unknown; to: unknown }[] {
  return Object.entries(preset.settings_patch)
    .filter(([k, v]) => stableJson(draft[k]) !== stableJson(v))
    .map(([field, to]) => ({ field, from: draft[field], to }));
}

export function applyPreset(draft: AuthDraft, preset: Pick<Preset, 'settings_patch'>): AuthDraft {
  return { ...draft, ...preset.settings_patch };
}

/** Whether the draft already carries everything a preset sets. */
export function presetActive(draft: AuthDraft, preset: Pick<Preset, 'settings_patch'>): boolean {
  return Object.keys(preset.settings_patch).length > 0 && presetChanges(draft, preset).length === 0;
}
