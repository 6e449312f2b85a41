import { deskFetch, platformFetch, type RequestOptions } from '../api/client';
import type {
  AttachDatabaseRequest,
  DatabaseListItem,
  FixtureResponse,
  InspectRequest,
  InspectResponse,
  KeyInfo,
  MappingLintItem,
  MatrixResponse,
  MintRequest,
  MintResponse,
  Preset,
  Settings,
  SettingsEnvelope,
  SettingsSchemaResponse,
} from './types';

/**
 * The workbench's calls to the desk API, one function per route. Components use these only
 * through the per-domain `queries.ts` / `mutations.ts`.
 */

const enc = encodeURIComponent;

export const deskApi = {
  getSettings: (signal?: AbortSignal) => deskFetch<SettingsEnvelope>('/desk/settings', { signal }),
  putSettings: (settings: Settings) => deskFetch<SettingsEnvelope>('/desk/settings', { method: 'PUT', body: settings }),
  getSettingsSchema: (signal?: AbortSignal) => deskFetch<SettingsSchemaResponse>('/desk/settings/schema', { signal }),

  listKeys: (signal?: AbortSignal) => deskFetch<KeyInfo[] | { keys: KeyInfo[] }>('/desk/keys', { signal }).then(unwrap('keys')),
  generateKey: (alg: string) => deskFetch<KeyInfo>('/desk/keys', { method: 'POST', body: { alg } }),
  importKey: (body: { path: string } | { text: string }) => deskFetch<unknown>('/desk/keys/import', { method: 'POST', body }),
  deleteKey: (kid: string) => deskFetch<unknown>(`/desk/keys/${enc(kid)}`, { method: 'DELETE' }),
  getJwks: (signal?: AbortSignal) => deskFetch<{ keys: Record<string, unknown>[] }>('/desk/keys/jwks.json', { signal }),

  mint: (body: MintRequest) => deskFetch<MintResponse>('/desk/tokens', { method: 'POST', body }),
  inspect: (body: InspectRequest, signal?: AbortSignal) =>
    deskFetch<InspectResponse>('/desk/inspect', { method: 'POST', body, signal }),
  matrix: (token: string, signal?: AbortSignal) =>
    deskFetch<MatrixResponse>('/desk/inspect/matrix', { method: 'POST', body: { token }, signal }),

  listPresets: (signal?: AbortSignal) =>
    deskFetch<RawPreset[] | { presets: RawPreset[] }>('/desk/presets', { signal }).then(unwrap('presets')).then((l) => l.map(normalizePreset)),
  presetFixture: (name: string) => deskFetch<FixtureResponse>(`/desk/presets/${enc(name)}/fixture`, { method: 'POST', body: {} }),
  mappingLint: (signal?: AbortSignal) =>
    deskFetch<MappingLintItem[] | { warnings: MappingLintItem[] }>('/desk/mappings/lint', { signal }).then(unwrap('warnings')),

  listDatabases: (signal?: AbortSignal) =>
    deskFetch<DatabaseListItem[] | { databases: DatabaseListItem[] }>('/desk/databases', { signal }).then(unwrap('databases')),
  attachDatabase: (body: AttachDatabaseRequest) => deskFetch<DatabaseListItem>('/desk/databases', { method: 'POST', body }),
  detachDatabase: (id: string) => deskFetch<unknown>(`/desk/databases/${enc(id)}`, { method: 'DELETE' }),
};

/** The same request made as one token, for the compare view: status and body, never a throw. */
export async function requestAs(
  token: string,
  method: RequestOptions['method'],
  path: string,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  try {
    const body = await platformFetch<unknown>(path, token, { method });
    return { status: 200, body, ms: performance.now() - started };
  } catch (err) {
    const e = err as { status?: number; body?: unknown; detail?: string };
    return { status: e.status ?? 0, body: e.body ?? { detail: e.detail ?? String(err) }, ms: performance.now() - started };
  }
}

function unwrap<K extends string>(key: K) {
  return <T>(r: T[] | Record<K, T[]>): T[] => (Array.isArray(r) ? r : (r[key] ?? []));
}

type RawPreset = Partial<Preset> & { name: string; title?: string; auth?: Preset['settings'] };

/** The desk names a preset's patch `auth` and its display name `title`; the UI reads one shape. */
function normalizePreset(p: RawPreset): Preset {
  return {
    ...p,
    name: p.name,
    label: p.label ?? p.title ?? p.name,
    description: p.description,
    settings: p.settings ?? p.auth ?? {},
  };
}
