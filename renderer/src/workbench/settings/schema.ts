import type { SettingDescription, SettingsSchemaResponse } from '../types';
import type { AuthField } from './model';

/** `/desk/settings/schema`'s auth fields by name (help, default, type, allowed values). */
export function describeSchema(schema: SettingsSchemaResponse | undefined): Partial<Record<AuthField, SettingDescription>> {
  const out: Partial<Record<AuthField, SettingDescription>> = {};
  for (const item of schema?.auth ?? []) out[item.name as AuthField] = item;
  return out;
}
