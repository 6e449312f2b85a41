/** A JSON object (not an array, not null), as Agno's dicts are read back. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
