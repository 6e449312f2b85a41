import http from 'node:http';
import https from 'node:https';
import type { RouteContext } from '../../http/route.js';
import { upstreamTarget } from './not-set.js';
import { withoutDeskCredential } from './desk-credential.js';
import { answeringDatabaseId } from '../../db/answering.js';

export type Family = 'agents' | 'teams' | 'workflows';

/** A live entry as the upstream AgentOS lists it (`AgentResponse`, `TeamResponse`, `WorkflowSummaryResponse`). */
export type LiveEntry = Record<string, unknown> & { id: string };

/** A stored entry as rundesk lists it (`Component`). */
export interface StoredEntry {
  id: string;
  db_id: string;
  session_count: number;
  run_count: number;
  last_active_at: string | null;
  [key: string]: unknown;
}

/** A listing should not wait on a slow upstream for long: the stored entries answer anyway. */
const LISTING_TIMEOUT_MS = 3000;

/**
 * The caller's own credential, as it came: `Authorization`, the header rundesk reads tokens from
 * (`auth.token_header_key`, when another) and the cookies (where `token_source` may find it),
 * without rundesk's desk credential. Nothing is added: a caller without a token (the desk
 * view, the UI not acting as a token) asks the upstream without one.
 */
export function callerCredential(headers: Readonly<Record<string, string | string[] | undefined>>, tokenHeaderKey: string): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const name of new Set(['authorization', tokenHeaderKey.toLowerCase(), 'cookie'])) if (headers[name] !== undefined) out[name] = headers[name];
  withoutDeskCredential(out as http.IncomingHttpHeaders);
  return out;
}

/** GET `path` on the upstream with the caller's own credential; `null` on any failure. */
function getJson(url: string, credential: http.OutgoingHttpHeaders): Promise<unknown> {
  const forwarded: http.OutgoingHttpHeaders = { accept: 'application/json', ...credential };
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = (target.protocol === 'https:' ? https : http).request(target, { headers: forwarded, timeout: LISTING_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return resolve(null);
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
        } catch {
          resolve(null);
        }
      });
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const isEntry = (v: unknown): v is LiveEntry => typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string';

/** GET `path` on the upstream with the caller's own credential; `null` without an upstream, or on any failure. */
function askUpstream(ctx: RouteContext, path: string): Promise<unknown> {
  const { settings } = ctx.runtime.settings();
  const target = upstreamTarget(settings.upstream);
  return target === null ? Promise.resolve(null) : getJson(`${target.url}${path}`, callerCredential(ctx.headers, settings.auth.token_header_key));
}

/** Whether the caller's per-resource scopes reach component `id`, as they do for rundesk's own listing. */
function reaches(ctx: RouteContext, id: string): boolean {
  const allowed = ctx.auth?.accessible_resource_ids ?? ['*'];
  return allowed.includes('*') || allowed.includes(id);
}

/**
 * The upstream's live agents, teams or workflows, as it lists them to this caller (its token
 * forwarded), filtered by the caller's per-resource scopes as rundesk's own listing is. Empty
 * when no upstream is set or it does not answer: a listing never fails because of it.
 */
export async function liveEntries(ctx: RouteContext, family: Family): Promise<LiveEntry[]> {
  const listed = await askUpstream(ctx, `/${family}`);
  return Array.isArray(listed) ? listed.filter(isEntry).filter((e) => reaches(ctx, e.id)) : [];
}

/**
 * One of the upstream's live agents, teams or workflows as it answers it to this caller (a
 * workflow's answer carries its steps, which the listing leaves out); `null` when no upstream is
 * set, it does not answer, or the caller's per-resource scopes do not reach it.
 */
export async function liveEntry(ctx: RouteContext, family: Family, id: string): Promise<LiveEntry | null> {
  if (!reaches(ctx, id)) return null;
  const found = await askUpstream(ctx, `/${family}/${encodeURIComponent(id)}`);
  return isEntry(found) && found.id === id ? found : null;
}

/**
 * The models the upstream's `GET /config` offers (`available_models`: names on AgentOS 2.9,
 * `{ id, provider }` on Agno 3), as it answers them; empty when no upstream is set or it does not answer.
 */
export async function liveAvailableModels(ctx: RouteContext): Promise<unknown[]> {
  const config = await askUpstream(ctx, '/config');
  const models = typeof config === 'object' && config !== null ? (config as { available_models?: unknown }).available_models : undefined;
  return Array.isArray(models) ? models.filter((m) => typeof m === 'string' || (typeof m === 'object' && m !== null)) : [];
}

/** The upstream's live models (`GET /models`), as it lists them to this caller; empty when it does not answer. */
export async function liveModels(ctx: RouteContext): Promise<Array<{ id?: string; provider?: string }>> {
  const listed = await askUpstream(ctx, '/models');
  if (!Array.isArray(listed)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return listed
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
    .map((m) => ({ id: text(m['id']), provider: text(m['provider']) }))
    .filter((m) => m.id !== undefined || m.provider !== undefined)
    .map((m) => ({ ...(m.id !== undefined ? { id: m.id } : {}), ...(m.provider !== undefined ? { provider: m.provider } : {}) }));
}

/**
 * One listing from the live entries and the stored ones: each live entry first, as the platform
 * lists it, marked `live: true`, with rundesk's counts when it also holds that component's
 * sessions; then the stored entries the upstream does not list. An entry's `db_id` is always one
 * rundesk answers for (a client such as agent-ui reads the sessions with it through rundesk):
 * the stored entry's, else the upstream's when rundesk has a database of that id, else
 * `fallbackDbId` (the database that answers without `db_id`).
 */
export function mergeListing<S extends StoredEntry>(live: readonly LiveEntry[], stored: readonly S[], knownDbIds: ReadonlySet<string>, fallbackDbId: string): Array<S | (LiveEntry & { live: true })> {
  const storedById = new Map<string, S>();
  for (const s of stored) if (!storedById.has(s.id)) storedById.set(s.id, s);
  const liveIds = new Set(live.map((e) => e.id));
  const merged = live.map((entry) => {
    const mine = storedById.get(entry.id);
    const upstreamDb = typeof entry['db_id'] === 'string' ? entry['db_id'] : null;
    const dbId = mine?.db_id ?? (upstreamDb !== null && knownDbIds.has(upstreamDb) ? upstreamDb : fallbackDbId);
    return {
      ...entry,
      db_id: dbId,
      live: true as const,
      session_count: mine?.session_count ?? 0,
      run_count: mine?.run_count ?? 0,
      last_active_at: mine?.last_active_at ?? null,
    };
  });
  return [...merged, ...stored.filter((s) => !liveIds.has(s.id))];
}

/** `mergeListing` for a request: the upstream's live entries beside `stored` (empty without an upstream). */
export async function withLiveEntries<S extends StoredEntry>(ctx: RouteContext, family: Family, stored: readonly S[], live?: readonly LiveEntry[]): Promise<Array<S | (LiveEntry & { live: true })>> {
  live ??= await liveEntries(ctx, family);
  if (live.length === 0) return [...stored];
  const { runtime } = ctx;
  const known = new Set(runtime.databases.list().map((db) => db.id));
  const fallback = answeringDatabaseId(runtime.caches.holdings, runtime.databases, runtime.settings().settings.default_database);
  return mergeListing(live, stored, known, fallback ?? 'default');
}
