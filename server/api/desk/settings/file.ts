import fs from 'node:fs';
import type { LoadedSettings } from '../../../settings/load.js';
import type { SettingsInput } from '../../../settings/schema.js';

/**
 * The settings file as written (not as resolved): the base for the desk's partial changes
 * (attach a database, apply a preset). Starting from the resolved settings instead would
 * write env fallbacks (`JWT_VERIFICATION_KEY`) and absolute paths into the user's file.
 */
export function readFileSettings(loaded: LoadedSettings): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(loaded.path, 'utf8'));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The file's settings, or (if it cannot be read back) the settings in force. */
export function baseSettingsInput(loaded: LoadedSettings): SettingsInput {
  return (readFileSettings(loaded) ?? structuredClone(loaded.settings)) as SettingsInput;
}

/** Why the settings cannot be written, or `null`. */
export function readOnlyReason(loaded: LoadedSettings): string | null {
  return loaded.writable
    ? null
    : `The server was started with --config ${loaded.path}: that file is yours and is never written. Edit it and restart, or start without --config to change settings here.`;
}
