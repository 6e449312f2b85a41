import { Router, type Response } from 'express';
import { answeringDatabase } from '../../db/answering.js';
import type { ComponentSummary, SessionType } from '../../db/types.js';
import { NotFoundError, NotImplementedError } from '../../errors.js';
import type { Runtime } from '../../runtime-types.js';
import { presentComponent } from '../present.js';
import { authStateOf } from '../auth-middleware.js';
import { listComponents } from '../../sessions/use-cases.js';
import { scopeOf, selectStore } from '../request-scope.js';
import { ComponentParamsSchema, ComponentsQuerySchema } from '../schemas.js';
import { parseInput } from '../validate.js';

const KINDS: ReadonlyArray<{ path: string; kind: SessionType; label: string }> = [
  { path: '/agents', kind: 'agent', label: 'Agent' },
  { path: '/teams', kind: 'team', label: 'Team' },
  { path: '/workflows', kind: 'workflow', label: 'Workflow' },
];

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
  runtime: Runtime,
  res: Response,
  kind: SessionType,
  q: { db_id?: string | undefined; table?: string | undefined; user_id?: string | undefined },
): Promise<Found[]> {
  const scope = scopeOf(res, q.user_id);
  if (q.db_id !== undefined || q.table !== undefined) {
    const store = selectStore(runtime, q);
    const dbId = q.db_id as string;
    return (await listComponents(store, scope, kind)).map((summary) => ({ summary, dbId }));
  }
  // Every database at once: a slow server database does not hold up the SQLite ones.
  const listed = await Promise.all(
    runtime.databases.list().map(async (db) => {
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
 * filtered by the caller's `accessible_resource_ids` (SPEC §5.4): a caller holding only
 * `agents:<id>:read` scopes gets those agents, an empty list rather than a 403.
 *
 * `POST /{kind}/{id}/runs` (and cancel / continue) are the platform's execution routes: rundesk
 * stores and serves runs but runs nothing, and says so with a 501.
 */
export function componentsRouter(runtime: Runtime): Router {
  const router = Router();
  for (const { path, kind, label } of KINDS) {
    router.get(path, async (req, res) => {
      const q = parseInput(ComponentsQuerySchema, req.query, 'query');
      const allowed = authStateOf(res)?.accessible_resource_ids ?? ['*'];
      const visible = (await componentsOf(runtime, res, kind, q)).filter((c) => allowed.includes('*') || allowed.includes(c.summary.id));
      res.json(visible.map((c) => presentComponent(c.summary, c.dbId)));
    });

    router.get(`${path}/:id`, async (req, res) => {
      const { id } = parseInput(ComponentParamsSchema, req.params, 'path');
      const q = parseInput(ComponentsQuerySchema, req.query, 'query');
      const found = (await componentsOf(runtime, res, kind, q)).find((c) => c.summary.id === id);
      if (!found) throw new NotFoundError(`${label} with ID ${id} not found`);
      res.json(presentComponent(found.summary, found.dbId));
    });

    const notRunnable = (): never => {
      throw new NotImplementedError(
        `rundesk stores and serves runs but does not run ${kind}s: start the run on the platform (or your own AgentOS) and point it at this data, or ingest its runs with POST /sessions/{session_id}/runs`,
      );
    };
    router.post(`${path}/:id/runs`, notRunnable);
    router.post(`${path}/:id/runs/:run_id/cancel`, notRunnable);
    router.post(`${path}/:id/runs/:run_id/continue`, notRunnable);
  }

  // What a client that starts at `/config` (the platform's control plane, agent-ui's peers)
  // needs to find the databases and components.
  router.get('/config', async (_req, res) => {
    const { settings } = runtime.settings();
    const list = async (kind: SessionType) => (await componentsOf(runtime, res, kind, {})).map((c) => presentComponent(c.summary, c.dbId));
    const dbs = runtime.databases.list().map((db) => {
      let tables: string[] | null;
      try {
        tables = [...db.sessionTables()];
      } catch {
        tables = null;
      }
      return { db_id: db.id, domain_config: { display_name: db.id === 'default' ? 'rundesk' : db.id }, tables };
    });
    let osDatabase: string | null;
    try {
      osDatabase = answeringDatabase(runtime.databases, settings.default_database, 'read').id;
    } catch {
      osDatabase = null;
    }
    res.json({
      os_id: settings.os_id,
      name: 'rundesk',
      description: 'A local developer server for the platform\'s run endpoint: stored runs, served behind the JWT layer.',
      available_models: null,
      os_database: osDatabase,
      databases: dbs.map((d) => d.db_id),
      chat: null,
      session: { display_name: null, dbs },
      agents: await list('agent'),
      teams: await list('team'),
      workflows: await list('workflow'),
      interfaces: [],
    });
  });
  return router;
}
