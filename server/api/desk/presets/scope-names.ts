import { buildMappingTable } from '../../../auth/index.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../../platform/platform-routes.js';

/** How a provider spells one of the service's scopes (`sessions:read`). */
export type ScopeSpelling = (serviceScope: string) => string;

export const sameSpelling: ScopeSpelling = (s) => s;

/** `sessions:read` → `<prefix>sessions:read` (Cognito resource servers, Clerk `org:` keys). */
export const prefixed =
  (prefix: string): ScopeSpelling =>
  (s) =>
    `${prefix}${s}`;

/**
 * The default scope table with every scope respelled, for providers whose permission names
 * cannot equal the service's: a custom mapping redefines the route's requirements. Each route
 * is keyed as the platform's own default that decides it (`GET /sessions/*` for the run
 * route), since a key spelled like rundesk's route would be appended behind that default and
 * never decide there; rundesk's own routes keep their keys.
 * `undefined` for providers that spell scopes as the service does (no mappings needed).
 */
export function respelledMappings(spell: ScopeSpelling): Record<string, string[]> | undefined {
  if (spell === sameSpelling) return undefined;
  const { table } = buildMappingTable(null, DEFAULT_SCOPE_MAPPINGS);
  const out: Record<string, string[]> = {};
  for (const row of table.platformEntries) out[row.platformKey] ??= row.scopes.map(spell);
  return out;
}
