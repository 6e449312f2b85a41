/** A JSON object (not an array, not null), as Agno's dicts are read back. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` with its null and undefined fields deleted (in place), as the platform writes a model
 * answered with `exclude_none`: the top level only — the free-form JSON inside fields is sent as stored.
 */
export function dropNullFields<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined || value[key] === null) delete value[key];
  return value;
}
