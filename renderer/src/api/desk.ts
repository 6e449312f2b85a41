import { route } from './client';
import type { Body, PathParams } from './routes';

/**
 * The desk's calls (`/desk/...`, authenticated by the desk cookie), one function per route, for
 * both the run browser and the workbench. Each is typed from the document by its path and
 * method. Components use them only through the per-domain query/mutation options.
 */

export const getSettings = (signal?: AbortSignal) => route('get', '/desk/settings', { signal });
/** The whole settings file; 422 `{ detail, error_code, issues }`, 409 when started with --config. */
export const putSettings = (settings: Body<'put', '/desk/settings'>) => route('put', '/desk/settings', { body: settings });
/** The dry run of `putSettings`: `{ valid, issues }` with nothing applied or written (also under --config). */
export const validateSettings = (settings: Body<'post', '/desk/settings/validate'>, signal?: AbortSignal) =>
  route('post', '/desk/settings/validate', { body: settings, signal });
export const getSettingsSchema = (signal?: AbortSignal) => route('get', '/desk/settings/schema', { signal });

export const listKeys = (signal?: AbortSignal) => route('get', '/desk/keys', { signal });
export const generateKey = (alg: NonNullable<Body<'post', '/desk/keys'>>['alg']) => route('post', '/desk/keys', { body: { alg } });
export const importKey = (body: Body<'post', '/desk/keys/import'>) => route('post', '/desk/keys/import', { body });
/** `confirm` overrides the server's `LAST_TRUSTED_KEY` refusal (the last key for the algorithm). */
export const setKeyTrusted = (kid: string, trusted: boolean, confirm = false) =>
  route('patch', '/desk/keys/{kid}', { path: { kid }, body: { trusted, ...(confirm ? { confirm } : {}) } });
export const deleteKey = (kid: string, confirm = false) =>
  route('delete', '/desk/keys/{kid}', { path: { kid }, ...(confirm ? { query: { confirm: 'true' } } : {}) });

export const mint = (body: Body<'post', '/desk/tokens'>) => route('post', '/desk/tokens', { body });
export const inspect = (body: Body<'post', '/desk/inspect'>, signal?: AbortSignal) => route('post', '/desk/inspect', { body, signal });
export const verifyWithKey = (body: Body<'post', '/desk/inspect/verify'>) => route('post', '/desk/inspect/verify', { body });
export const matrix = (token: string, signal?: AbortSignal) => route('post', '/desk/inspect/matrix', { body: { token }, signal });
export const mappingLint = (signal?: AbortSignal) => route('get', '/desk/mappings/lint', { signal });

export const listPresets = (signal?: AbortSignal) => route('get', '/desk/presets', { signal }).then((r) => r.presets);
export const presetFixture = (name: PathParams<'post', '/desk/presets/{name}/fixture'>['name'], apply = false) =>
  route('post', '/desk/presets/{name}/fixture', { path: { name }, body: { apply } });

export const listDatabases = (signal?: AbortSignal) => route('get', '/desk/databases', { signal }).then((r) => r.databases);
export const cacheMemory = (signal?: AbortSignal) => route('get', '/desk/databases', { signal }).then((r) => r.memory);
export const attachDatabase = (body: Body<'post', '/desk/databases'>) => route('post', '/desk/databases', { body });
export const detachDatabase = (id: string) => route('delete', '/desk/databases/{id}', { path: { id } });

export const loadSampleData = (signal?: AbortSignal) => route('post', '/desk/sample-data', { body: {}, signal });

export const getInfo = (signal?: AbortSignal) => route('get', '/info', { signal });

/** Whether the developer's AgentOS answers at `upstream.url` (or `url`): its `GET /health`. */
export const checkUpstream = (url?: string) => route('post', '/desk/upstream/check', { body: url ? { url } : {} });
/** The recent platform requests through rundesk, newer than `after`. */
export const listRequests = (after = 0, signal?: AbortSignal) => route('get', '/desk/requests', { query: { after }, signal }).then((r) => r.requests);
export const listLiveRuns = (signal?: AbortSignal) => route('get', '/desk/live-runs', { signal }).then((r) => r.runs);
export const getLiveRun = (requestId: number, signal?: AbortSignal) => route('get', '/desk/live-runs/{request_id}', { path: { request_id: requestId }, signal });
