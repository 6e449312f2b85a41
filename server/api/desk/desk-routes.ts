import type { Route } from '../../http/route.js';
import { databaseRoutes } from './databases/routes.js';
import { inspectRoutes } from './inspect/routes.js';
import { keyRoutes } from './keys/routes.js';
import { mintRoutes } from './mint/routes.js';
import { presetRoutes } from './presets/routes.js';
import { sampleDataRoutes } from './sample-data-route.js';
import { settingsRoutes } from './settings/routes.js';

/**
 * Every workbench route (`/desk/...`), once, as route objects: the desk router serves this list
 * and `/openapi.json` documents it (paths relative to `/desk`), as `PLATFORM_ROUTES` is for
 * the platform API. A new desk route is added here.
 */
export const DESK_ROUTES: readonly Route[] = Object.freeze([
  ...keyRoutes,
  ...mintRoutes,
  ...inspectRoutes,
  ...presetRoutes,
  ...settingsRoutes,
  ...databaseRoutes,
  ...sampleDataRoutes,
]);
