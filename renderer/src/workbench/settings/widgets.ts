import type { SettingDescription } from '../../api-types/desk-shapes';

/**
 * Which control draws a setting, read off its description in `/desk/settings/schema` (type,
 * nullable, allowed values). A setting the server adds gets a control without a change here.
 */
export type Widget =
  | 'toggle' // boolean
  | 'tri-state' // boolean | null: auto, on, off
  | 'choice' // a few allowed values: a segmented control
  | 'suggest' // many allowed values: free text with the list as suggestions
  | 'text' // string (nullable: empty means null)
  | 'chips' // array<string>
  | 'one-or-many' // string | array<string>: chips, one chip written as a string
  | 'secrets' // verification_keys: one PEM or secret per box
  | 'file' // jwks_file: a path, with the desktop's file picker
  | 'mappings'; // map<string, array<string>>: the scope-mapping editor

/** The two settings whose values are not one-line text: PEM blocks, and a path worth a picker. */
const BY_NAME: Record<string, Widget> = { verification_keys: 'secrets', jwks_file: 'file' };

export function widgetFor(field: Pick<SettingDescription, 'name' | 'type' | 'nullable' | 'enum'>): Widget {
  const byName = BY_NAME[field.name];
  if (byName) return byName;
  if (field.type.startsWith('map<')) return 'mappings';
  if (field.type === 'boolean') return field.nullable ? 'tri-state' : 'toggle';
  if (field.enum?.length) return field.enum.length <= 4 ? 'choice' : 'suggest';
  if (field.type === 'string | array<string>' || field.type === 'array<string> | string') return 'one-or-many';
  if (field.type.startsWith('array<')) return 'chips';
  return 'text';
}

/** A deprecated setting (its help says so) is shown only while it holds a value. */
export function isDeprecated(field: Pick<SettingDescription, 'help'>): boolean {
  return /^deprecated\b/i.test(field.help);
}

/** The default shown after the help; none where the help already names it (env fallbacks). */
export function defaultText(field: Pick<SettingDescription, 'help' | 'default'>): string | undefined {
  if (!('default' in field)) return /default/i.test(field.help) ? undefined : 'none';
  const v = field.default;
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.length === 0) return '[]';
  return JSON.stringify(v);
}

/** `HEADER` → `Header`, for segmented controls. */
export function choiceLabel(value: string): string {
  return value.length > 1 && value === value.toUpperCase() ? value[0] + value.slice(1).toLowerCase() : value;
}

/** `string | string[] | null` ↔ chips: one chip is written as a string, none as null. */
export function toList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

export function fromList(list: string[]): string | string[] | null {
  if (list.length === 0) return null;
  return list.length === 1 ? (list[0] as string) : list;
}
