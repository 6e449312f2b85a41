import { Router } from 'express';
import type { SessionType } from '../../db/types.js';
import { NotFoundError } from '../../errors.js';
import type { Runtime } from '../../runtime-types.js';
import { presentComponent } from '../present.js';
import { authStateOf } from '../auth-middleware.js';
import { selectStore, userFilterFor } from '../request-scope.js';
import { ComponentParamsSchema, ComponentsQuerySchema } from '../schemas.js';
import { parseInput } from '../validate.js';

const KINDS: ReadonlyArray<{ path: string; kind: SessionType; label: string }> = [
  { path: '/agents', kind: 'agent', label: 'Agent' },
  { path: '/teams', kind: 'team', label: 'Team' },
  { path: '/workflows', kind: 'workflow', label: 'Workflow' },
];

/**
 * `GET /agents`, `/teams`, `/workflows` (and `/{id}`), derived from stored sessions. Lists are
 * filtered by the caller's `accessible_resource_ids` (SPEC §5.4): a caller holding only
 * `agents:<id>:read` scopes gets those agents, an empty list rather than a 403.
 */
export function componentsRouter(runtime: Runtime): Router {
  const router = Router();
  for (const { path, kind, label } of KINDS) {
    router.get(path, (req, res) => {
      const q = parseInput(ComponentsQuerySchema, req.query, 'query');
      const store = selectStore(runtime, q);
      const all = store.listComponents(kind, { userId: userFilterFor(res, q.user_id) });
      const allowed = authStateOf(res)?.accessible_resource_ids ?? ['*'];
      const visible = allowed.includes('*') ? all : all.filter((c) => allowed.includes(c.id));
      res.json(visible.map(presentComponent));
    });

    router.get(`${path}/:id`, (req, res) => {
      const { id } = parseInput(ComponentParamsSchema, req.params, 'path');
      const q = parseInput(ComponentsQuerySchema, req.query, 'query');
      const store = selectStore(runtime, q);
      const found = store.listComponents(kind, { userId: userFilterFor(res, q.user_id) }).find((c) => c.id === id);
      if (!found) throw new NotFoundError(`${label} with ID ${id} not found`);
      res.json(presentComponent(found));
    });
  }
  return router;
}
