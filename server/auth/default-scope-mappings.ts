/**
 * Default scope of every route, used when authorization is on (SPEC §5.3 leaves them
 * unshown; these are rundesk's choice, close to the platform's). `scope_mappings` from the
 * settings are added to this table and always take precedence over it.
 *
 * Written with `{param}` (exactly one path segment) rather than the platform's `*` (any
 * characters, `/` included), so each default covers exactly its own route: a default never
 * reaches into a deeper route, and a user's `GET /sessions/*` still covers them all.
 *
 * Naming: `<resource>:read | write | delete | run`. A resource-wide scope covers every id;
 * `<resource>:<id>:<action>` covers one id, taken from the path segment after the
 * resource name (`/agents/{id}/...`, `/sessions/{id}/...`); `<resource>:*:<action>` is the
 * same as the resource-wide scope. Listing routes (`GET /agents`) admit a caller who holds
 * only per-resource scopes and set `accessible_resource_ids` to those ids. `admin_scope`
 * (default `platform:admin`) grants everything.
 *
 * | Route                                             | Scope            |
 * |---------------------------------------------------|------------------|
 * | GET /sessions, /sessions/{id}                     | sessions:read    |
 * | GET /sessions/{id}/runs, /sessions/{id}/runs/{id} | sessions:read    |
 * | POST /sessions, /sessions/{id}/runs               | sessions:write   |
 * | PATCH /sessions/{id}, POST /sessions/{id}/rename  | sessions:write   |
 * | DELETE /sessions, /sessions/{id}                  | sessions:delete  |
 * | GET /agents, /agents/{id}                         | agents:read      |
 * | POST /agents/{id}/runs                            | agents:run       |
 * | POST /agents/{id}/runs/{id}/cancel, /continue     | agents:run       |
 * | GET /teams, /teams/{id}                           | teams:read       |
 * | POST /teams/{id}/runs, .../{id}/cancel, /continue | teams:run        |
 * | GET /workflows, /workflows/{id}                   | workflows:read   |
 * | POST /workflows/{id}/runs, .../cancel, /continue  | workflows:run    |
 * | GET /memories, /memories/{id}, /memory_topics,    | memories:read    |
 * |     /user_memory_stats                            |                  |
 * | POST /memories, PATCH /memories/{id},             | memories:write   |
 * |     POST /optimize-memories                       |                  |
 * | DELETE /memories, /memories/{id}                  | memories:delete  |
 * | GET /knowledge/content, /knowledge/content/{id},  | knowledge:read   |
 * |     /knowledge/config; POST /knowledge/search     |                  |
 * | POST /knowledge/content, PATCH .../content/{id}   | knowledge:write  |
 * | DELETE /knowledge/content, .../content/{id}       | knowledge:delete |
 * | GET /metrics                                      | metrics:read     |
 * | POST /metrics/refresh                             | metrics:write    |
 * | GET /eval-runs, /eval-runs/{id}                   | evals:read       |
 * | POST /eval-runs, PATCH /eval-runs/{id}            | evals:write      |
 * | DELETE /eval-runs                                 | evals:delete     |
 * | GET /traces, /traces/{id}, /trace_session_stats   | traces:read      |
 * |     (and /traces/filter-schema); POST /traces/search |                |
 * | GET /config                                       | config:read      |
 * | GET /models                                       | models:read      |
 *
 * Routes with no mapping (neither here nor in `scope_mappings`) are allowed for any
 * authenticated caller when authorization is on; the desk's mapping lint flags them.
 */
export const DEFAULT_SCOPE_MAPPINGS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'GET /sessions': ['sessions:read'],
  'GET /sessions/{session_id}': ['sessions:read'],
  'GET /sessions/{session_id}/runs': ['sessions:read'],
  'GET /sessions/{session_id}/runs/{run_id}': ['sessions:read'],
  'POST /sessions': ['sessions:write'],
  'POST /sessions/{session_id}/runs': ['sessions:write'],
  'PATCH /sessions/{session_id}': ['sessions:write'],
  'POST /sessions/{session_id}/rename': ['sessions:write'],
  'DELETE /sessions': ['sessions:delete'],
  'DELETE /sessions/{session_id}': ['sessions:delete'],

  'GET /agents': ['agents:read'],
  'GET /agents/{agent_id}': ['agents:read'],
  'POST /agents/{agent_id}/runs': ['agents:run'],
  'POST /agents/{agent_id}/runs/{run_id}/cancel': ['agents:run'],
  'POST /agents/{agent_id}/runs/{run_id}/continue': ['agents:run'],

  'GET /teams': ['teams:read'],
  'GET /teams/{team_id}': ['teams:read'],
  'POST /teams/{team_id}/runs': ['teams:run'],
  'POST /teams/{team_id}/runs/{run_id}/cancel': ['teams:run'],
  'POST /teams/{team_id}/runs/{run_id}/continue': ['teams:run'],

  'GET /workflows': ['workflows:read'],
  'GET /workflows/{workflow_id}': ['workflows:read'],
  'POST /workflows/{workflow_id}/runs': ['workflows:run'],
  'POST /workflows/{workflow_id}/runs/{run_id}/cancel': ['workflows:run'],
  'POST /workflows/{workflow_id}/runs/{run_id}/continue': ['workflows:run'],

  'GET /memories': ['memories:read'],
  'GET /memories/{memory_id}': ['memories:read'],
  'GET /memory_topics': ['memories:read'],
  'GET /user_memory_stats': ['memories:read'],
  'POST /memories': ['memories:write'],
  'PATCH /memories/{memory_id}': ['memories:write'],
  'POST /optimize-memories': ['memories:write'],
  'DELETE /memories': ['memories:delete'],
  'DELETE /memories/{memory_id}': ['memories:delete'],

  'GET /knowledge/content': ['knowledge:read'],
  'GET /knowledge/content/{content_id}': ['knowledge:read'],
  'GET /knowledge/config': ['knowledge:read'],
  'POST /knowledge/search': ['knowledge:read'],
  'POST /knowledge/content': ['knowledge:write'],
  'PATCH /knowledge/content/{content_id}': ['knowledge:write'],
  'DELETE /knowledge/content': ['knowledge:delete'],
  'DELETE /knowledge/content/{content_id}': ['knowledge:delete'],

  'GET /metrics': ['metrics:read'],
  'POST /metrics/refresh': ['metrics:write'],

  'GET /eval-runs': ['evals:read'],
  'GET /eval-runs/{eval_run_id}': ['evals:read'],
  'POST /eval-runs': ['evals:write'],
  'PATCH /eval-runs/{eval_run_id}': ['evals:write'],
  'DELETE /eval-runs': ['evals:delete'],

  'GET /traces': ['traces:read'],
  'GET /traces/{trace_id}': ['traces:read'],
  'GET /trace_session_stats': ['traces:read'],
  'POST /traces/search': ['traces:read'],

  'GET /config': ['config:read'],
  'GET /models': ['models:read'],
});
