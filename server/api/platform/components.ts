import { z } from 'zod';
import { answeringDatabaseId } from '../../db/answering.js';
import type { PlatformDomain } from '../../db/platform-data/types.js';
import type { ComponentSummary, Database, SessionType } from '../../db/types.js';
import { NotFoundError } from '../../errors.js';
import { upstreamNotSet } from '../upstream/not-set.js';
import { liveAvailableModels, liveEntry, liveModels, withLiveEntries } from '../upstream/live-listings.js';
import { listComponents } from '../sessions/use-cases.js';
import { presentComponent } from './present.js';
import { selectStore } from '../../http/request-scope.js';
import { defineRoute, json, type Route, type RouteContext } from '../../http/route.js';
import { ComponentSchema, ComponentsQuerySchema, LiveComponentSchema, ModelListSchema, OsConfigSchema, ResourceIdSchema } from './schemas.js';

const KINDS = [
  { family: 'agents', kind: 'agent', label: 'Agent', tag: 'Agents' },
  { family: 'teams', kind: 'team', label: 'Team', tag: 'Teams' },
  { family: 'workflows', kind: 'workflow', label: 'Workflow', tag: 'Workflows' },
] as const;

interface Found {
  summary: ComponentSummary;
  dbId: string;
}

/**
 * The components of one kind in the databases a request names: `db_id` (and `table`) narrow
 * to one; without `db_id`, every database — the built-in one and each attached file — since
 * AgentOS lists every agent it serves whatever database it writes to. A database that cannot
 * be read is left out of the unnamed listing (the Databases page says why).
 */
async function componentsOf(
  ctx: RouteContext,
  kind: SessionType,
  q: { db_id?: string | undefined; table?: string | undefined; user_id?: string | undefined },
): Promise<Found[]> {
  const scope = ctx.scope(q.user_id);
  if (q.db_id !== undefined || q.table !== undefined) {
    const store = selectStore(ctx.runtime, q);
    const dbId = q.db_id as string;
    return (await listComponents(store, scope, kind)).map((summary) => ({ summary, dbId }));
  }
  // Every database at once: a slow server database does not hold up the SQLite ones.
  const listed = await Promise.all(
    ctx.runtime.databases.list().map(async (db) => {
      try {
        return (await listComponents(db.sessions(), scope, kind)).map((summary) => ({ summary, dbId: db.id }));
      } catch {
        return [];
      }
    }),
  );
  const out: Found[] = listed.flat();
  return out.sort(
    (a, b) => (b.summary.last_active_at ?? 0) - (a.summary.last_active_at ?? 0) || a.summary.id.localeCompare(b.summary.id) || a.dbId.localeCompare(b.dbId),
  );
}

/**
 * `GET /agents`, `/teams`, `/workflows` (and `/{id}`), derived from stored sessions. Lists are
 * filtered by the caller's `accessible_resource_ids` : a caller holding only
 * `agents:<id>:read` scopes gets those agents, an empty list rather than a 403.
 *
 * `POST /{kind}/{id}/runs` (and cancel / continue) are the platform's execution routes: rundesk
 * stores and serves runs but runs nothing, and says so with a 501.
 */
function routesOfKind({ family, kind, label, tag }: (typeof KINDS)[number]): Route[] {
  const idName = `${kind}_id` as const;
  const Params = z.object({ [idName]: ResourceIdSchema });
  const RunParams = z.object({ [idName]: ResourceIdSchema, run_id: ResourceIdSchema });
  const notRunnable = (op: string, suffix: string, params: z.ZodType) =>
    defineRoute({
      method: 'post',
      path: `/${family}/{${idName}}${suffix}`,
      operationId: `${op}_${kind}`,
      tags: [tag],
      summary: `Forwarded to the upstream AgentOS (upstream.url), after rundesk's auth decision`,
      description: `rundesk does not run ${family} itself: with \`upstream.url\` set, the request (form fields, multipart uploads, \`Authorization\`) goes to the developer's AgentOS unchanged and its answer comes back as it is sent (Server-Sent Events streamed). A request rundesk refuses (401/403) never reaches the upstream.`,
      params,
      answers: { 200: { description: 'The upstream\'s answer: the run as JSON, or its events as `text/event-stream`' } },
      errors: [501, 502, 504],
      scopes: [`${family}:run`],
      deskView: false,
      upstream: true,
      handle() {
        throw upstreamNotSet(`POST /${family}/{${idName}}${suffix}`);
      },
    });
  return [
    defineRoute({
      method: 'get',
      path: `/${family}`,
      operationId: `list_${family}`,
      tags: [tag],
      summary: `List ${family} seen in the stored sessions (filtered by per-resource scopes)`,
      query: ComponentsQuerySchema,
      answers: { 200: { description: `The ${family}: with upstream.url set, the upstream's live ones first`, schema: z.array(z.union([LiveComponentSchema, ComponentSchema])) } },
      errors: [400, 404, 503],
      scopes: [`${family}:read`],
      deskView: true,
      async handle({ query }, ctx) {
        const allowed = ctx.auth?.accessible_resource_ids ?? ['*'];
        const visible = (await componentsOf(ctx, kind, query)).filter((c) => allowed.includes('*') || allowed.includes(c.summary.id));
        const stored = visible.map((c) => presentComponent(c.summary, c.dbId));
        // With upstream.url set, the live ones too, as the platform lists them (unless a database is named).
        return json(query.db_id === undefined ? await withLiveEntries(ctx, family, stored) : stored);
      },
    }),
    defineRoute({
      method: 'get',
      path: `/${family}/{${idName}}`,
      operationId: `get_${kind}`,
      tags: [tag],
      summary: `Get one of the ${family}`,
      params: Params,
      query: ComponentsQuerySchema,
      answers: { 200: { description: 'Found', schema: z.union([LiveComponentSchema, ComponentSchema]) } },
      errors: [400, 404, 503],
      scopes: [`${family}:read`],
      deskView: true,
      async handle({ params, query }, ctx) {
        const id = params[idName] as string;
        const found = (await componentsOf(ctx, kind, query)).find((c) => c.summary.id === id);
        const stored = found ? [presentComponent(found.summary, found.dbId)] : [];
        // With upstream.url set, the upstream's own answer for it (unless a database is named).
        const live = query.db_id === undefined ? await liveEntry(ctx, family, id) : null;
        const entry = (live ? await withLiveEntries(ctx, family, stored, [live]) : stored).find((c) => c.id === id);
        if (!entry) throw new NotFoundError(`${label} with ID ${id} not found`);
        return json(entry);
      },
    }),
    notRunnable('run', '/runs', Params),
    notRunnable('cancel_run', '/runs/{run_id}/cancel', RunParams),
    notRunnable('continue_run', '/runs/{run_id}/continue', RunParams),
  ];
}

/**
 * `GET /config`: what a client that starts there (the platform's control plane, agent-ui's
 * peers) needs to find the databases and components.
 */
const getConfig = defineRoute({
  method: 'get',
  path: '/config',
  operationId: 'get_config',
  tags: ['Core'],
  summary: "The part of AgentOS's config answer that stored sessions tell: databases and components",
  answers: { 200: { description: 'The configuration', schema: OsConfigSchema } },
  errors: [],
  scopes: ['config:read'],
  deskView: true,
  async handle(_input, ctx) {
    const { runtime } = ctx;
    const { settings } = runtime.settings();
    const list = async (kind: SessionType) =>
      withLiveEntries(ctx, `${kind}s` as const, (await componentsOf(ctx, kind, {})).map((c) => presentComponent(c.summary, c.dbId)));
    const dbs = runtime.databases.list().map((db) => {
      let tables: string[] | null;
      try {
        tables = [...db.sessionTables()];
      } catch {
        tables = null;
      }
      return { db_id: db.id, domain_config: { display_name: displayName(db.id) }, tables };
    });
    const domains = await platformDomains(runtime.databases.list());
    // As AgentOS: with its own database set, traces are read there only; else from every database.
    const traceDbs = settings.default_database ? dbs.filter((d) => d.db_id === settings.default_database) : dbs;
    const osDatabase = answeringDatabaseId(runtime.caches.holdings, runtime.databases, settings.default_database);
    // With upstream.url set each of these asks it: side by side, not one after the other.
    const [availableModels, agents, teams, workflows] = await Promise.all([liveAvailableModels(ctx), list('agent'), list('team'), list('workflow')]);
    return json({
      os_id: settings.os_id,
      name: 'rundesk',
      description: "A local developer server for the platform's run endpoint: stored runs, served behind the JWT layer.",
      // Agno 3's client requires a list here (of models; 2.9's of names): rundesk runs none, so
      // it is the upstream's when upstream.url is set, else empty.
      available_models: availableModels,
      os_database: osDatabase,
      databases: dbs.map((d) => d.db_id),
      chat: null,
      session: { display_name: null, dbs },
      ...domains,
      traces: { display_name: null, dbs: traceDbs.map((d) => ({ db_id: d.db_id, domain_config: d.domain_config, tables: null })) },
      agents,
      teams,
      workflows,
      interfaces: [],
    });
  },
});

function displayName(dbId: string): string {
  return dbId === 'default' ? 'rundesk' : dbId;
}

/**
 * The config's `memory`, `evals`, `metrics` and `knowledge` domains: per database that holds the
 * domain's table, its tables (Agno's first), as AgentOS lists them — `RemoteDb.from_config` takes
 * each domain's first table. A database that cannot be read is left out.
 */
async function platformDomains(databases: readonly Database[]) {
  const found = await Promise.all(
    databases.map(async (db) => {
      try {
        return { db, tables: await db.platformData().tables() };
      } catch {
        return null;
      }
    }),
  );
  const domain = (key: PlatformDomain) => ({
    display_name: null,
    dbs: found
      .filter((f) => f !== null && f.tables[key].length > 0)
      .map((f) => ({ db_id: f!.db.id, domain_config: { display_name: displayName(f!.db.id) }, tables: [...f!.tables[key]] })),
  });
  return { memory: domain('memory'), evals: domain('evals'), metrics: domain('metrics'), knowledge: domain('knowledge') };
}

/**
 * `GET /models`: the models the agents and teams use, as AgentOS lists its live ones — the
 * upstream's own when `upstream.url` is set, then from the newest stored session of each
 * (`*_data.model`), every model once (`id`, `provider`; unknown ones left out, as AgentOS leaves
 * out nulls). Needs `config:read`, as on the platform.
 */
const getModels = defineRoute({
  method: 'get',
  path: '/models',
  operationId: 'get_models',
  tags: ['Core'],
  summary: "Models of the upstream's live agents (with upstream.url set) and of the stored agents and teams",
  answers: { 200: { description: 'Each model once', schema: ModelListSchema } },
  errors: [],
  scopes: ['config:read'],
  deskView: true,
  async handle(_input, ctx) {
    const seen = new Map<string, { id?: string; provider?: string }>();
    // With upstream.url set, the upstream's live models first, as it lists them.
    for (const model of await liveModels(ctx)) seen.set(JSON.stringify([model.id ?? null, model.provider ?? null]), model);
    for (const kind of ['agent', 'team'] as const) {
      for (const { summary } of await componentsOf(ctx, kind, {})) {
        const model = summary.model;
        if (!model || (model.id === null && model.provider === null)) continue;
        const key = JSON.stringify([model.id, model.provider]);
        if (seen.has(key)) continue;
        seen.set(key, { ...(model.id !== null ? { id: model.id } : {}), ...(model.provider !== null ? { provider: model.provider } : {}) });
      }
    }
    return json([...seen.values()]);
  },
});

export const componentRoutes: Route[] = [...KINDS.flatMap(routesOfKind), getConfig, getModels];
