/**
 * The default scope table, used when authorization is on (the platform's defaults; these
 * are rundesk's choice, close to the platform's). `scope_mappings` from the settings are added
 * to it and always take precedence over it.
 *
 * A served route's default scopes are written once, on its route object
 * (`server/http/route.ts`, field `scopes`); `defaultScopeTable` joins those with the rows of the
 * platform's routes rundesk does not answer (`server/api/upstream/unanswered-routes.ts`), so a
 * token minted for the platform carries the scopes the platform asks for. The auth core receives the table as data
 * (`AuthLayerContext.defaultScopeMappings`) and imports no route.
 *
 * Keys are written with `{param}` (exactly one path segment) rather than the platform's `*`
 * (any characters, `/` included), so each default covers exactly its own route: a default never
 * reaches into a deeper route, and a user's `GET /sessions/*` still covers them all.
 *
 * Naming: `<resource>:read | write | delete | run`. A resource-wide scope covers every id;
 * `<resource>:<id>:<action>` covers one id, taken from the path segment after the resource name
 * (`/agents/{agent_id}/...`, `/sessions/{session_id}/...`); `<resource>:*:<action>` is the same as
 * the resource-wide scope. Listing routes (`GET /agents`) admit a caller who holds only
 * per-resource scopes and set `accessible_resource_ids` to those ids. `admin_scope` (default
 * `platform:admin`) grants everything.
 *
 * Routes with no mapping (neither here nor in `scope_mappings`) are allowed for any
 * authenticated caller when authorization is on; the desk's mapping lint flags them.
 */
export type ScopeTable = Readonly<Record<string, readonly string[]>>;

/**
 * The default table from its rows: the served routes' own scopes, then the platform routes
 * rundesk leaves to the developer's AgentOS (their platform defaults, from
 * `server/api/upstream/unanswered-routes.ts`). Throws a `TypeError` (a wiring mistake) when a key
 * is spelled twice.
 *
 * @example
 * defaultScopeTable([{ key: 'GET /sessions', scopes: ['sessions:read'] }]);
 */
export function defaultScopeTable(served: ReadonlyArray<{ key: string; scopes: readonly string[] }>): ScopeTable {
  const table: Record<string, readonly string[]> = {};
  for (const { key, scopes } of served) {
    if (key in table) throw new TypeError(`default scopes for ${key} are declared twice`);
    table[key] = Object.freeze([...scopes]);
  }
  return Object.freeze(table);
}
