import type { SettingDescription, SettingsSchemaResponse } from '../types';
import type { AuthField } from './model';

/**
 * Reads `/desk/settings/schema` tolerantly: a list of `{ name, type, default, help }` (under
 * `auth`, `settings` or at the top level), and the built-in scope mappings.
 */
export function describeSchema(schema: SettingsSchemaResponse | undefined): Partial<Record<AuthField, SettingDescription>> {
  if (!schema) return {};
  const raw = schema as unknown as Record<string, unknown>;
  const list = (Array.isArray(raw) ? raw : (raw.auth ?? raw.settings ?? raw.fields ?? [])) as unknown;
  const out: Partial<Record<AuthField, SettingDescription>> = {};
  if (Array.isArray(list)) {
    for (const item of list as SettingDescription[]) {
      if (item && typeof item.name === 'string') out[item.name.replace(/^auth\./, '') as AuthField] = item;
    }
  } else if (list && typeof list === 'object') {
    for (const [name, item] of Object.entries(list as Record<string, SettingDescription>)) out[name as AuthField] = { ...item, name };
  }
  return out;
}

export function defaultMappingsOf(schema: SettingsSchemaResponse | undefined): Record<string, readonly string[]> {
  const raw = schema as unknown as Record<string, unknown> | undefined;
  const found = raw?.default_scope_mappings ?? raw?.defaultScopeMappings;
  return found && typeof found === 'object' ? (found as Record<string, readonly string[]>) : {};
}
