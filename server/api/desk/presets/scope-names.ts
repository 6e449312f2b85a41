import { DEFAULT_SCOPE_MAPPINGS } from '../../platform/platform-routes.js';

/** How a provider spells one of the service's scopes (`sessions:read`). */
export type ScopeSpelling = (serviceScope: string) => string;

export const sameSpelling: ScopeSpelling = (s) => s;

/** `sessions:read` → `Sessions.Read`: Entra ID permission values are dotted PascalCase. */
export const dottedPascal: ScopeSpelling = (s) =>
  s
    .split(':')
    .map((p) => (p === '*' ? p : `${p.charAt(0).toUpperCase()}${p.slice(1)}`))
    .join('.');

/** `sessions:read` → `<prefix>sessions:read` (Cognito resource servers, Clerk `org:` keys). */
export const prefixed =
  (prefix: string): ScopeSpelling =>
  (s) =>
    `${prefix}${s}`;

/**
 * The default scope table with every scope respelled, for providers whose permission names
 * cannot equal the service's: a custom mapping redefines the route's requirements.
 * `undefined` for providers that spell scopes as the service does (no mappings needed).
 */
export function respelledMappings(spell: ScopeSpelling): Record<string, string[]> | undefined {
  if (spell === sameSpelling) return undefined;
  return Object.fromEntries(Object.entries(DEFAULT_SCOPE_MAPPINGS).map(([route, scopes]) => [route, scopes.map(spell)]));
}
