import { deskFetch, exchange, type RequestOptions } from '../api/client';
import type { Schema } from '../api/schemas';
import type {
  AttachDatabaseRequest,
  DatabaseListItem,
  FixtureResponse,
  InspectRequest,
  InspectResponse,
  KeyImportResponse,
  KeyInfo,
  KeyList,
  MappingLint,
  MatrixResponse,
  MintRequest,
  MintResponse,
  Preset,
  Settings,
  SettingsEnvelope,
  SettingsSchemaResponse,
  SettingsValidation,
} from './types';

/**
 * The workbench's calls to the desk API (`/desk/...`), one function per route. Components use
 * these only through the per-domain `queries.ts` / `mutations.ts`.
 */

const enc = encodeURIComponent;

export const deskApi = {
  getSettings: (signal?: AbortSignal) => deskFetch<SettingsEnvelope>('/desk/settings', { signal }),
  /** The whole settings file; 422 `{ detail, error_code, issues }`, 409 when started with --config. */
  putSettings: (settings: Record<string, unknown> | Settings) => deskFetch<SettingsEnvelope>('/desk/settings', { method: 'PUT', body: settings }),
  /** The dry run of `putSettings`: `{ valid, issues }` with nothing applied or written (also under --config). */
  validateSettings: (settings: Record<string, unknown>, signal?: AbortSignal) =>
    deskFetch<SettingsValidation>('/desk/settings/validate', { method: 'POST', body: settings, signal }),
  getSettingsSchema: (signal?: AbortSignal) => deskFetch<SettingsSchemaResponse>('/desk/settings/schema', { signal }),

  listKeys: (signal?: AbortSignal) => deskFetch<KeyList>('/desk/keys', { signal }),
  generateKey: (alg: string) => deskFetch<KeyInfo>('/desk/keys', { method: 'POST', body: { alg } }),
  importKey: (body: { path: string } | { text: string }) => deskFetch<KeyImportResponse>('/desk/keys/import', { method: 'POST', body }),
  /** `confirm` overrides the server's `LAST_TRUSTED_KEY` refusal (the last key for the algorithm). */
  setKeyTrusted: (kid: string, trusted: boolean, confirm = false) =>
    deskFetch<KeyInfo>(`/desk/keys/${enc(kid)}`, { method: 'PATCH', body: { trusted, ...(confirm ? { confirm } : {}) } }),
  deleteKey: (kid: string, confirm = false) =>
    deskFetch<Schema<'DeskDeleted'>>(`/desk/keys/${enc(kid)}`, { method: 'DELETE', ...(confirm ? { query: { confirm: 'true' } } : {}) }),

  mint: (body: MintRequest) => deskFetch<MintResponse>('/desk/tokens', { method: 'POST', body }),
  inspect: (body: InspectRequest, signal?: AbortSignal) => deskFetch<InspectResponse>('/desk/inspect', { method: 'POST', body, signal }),
  matrix: (token: string, signal?: AbortSignal) =>
    deskFetch<MatrixResponse>('/desk/inspect/matrix', { method: 'POST', body: { token }, signal }),
  mappingLint: (signal?: AbortSignal) => deskFetch<MappingLint>('/desk/mappings/lint', { signal }),

  listPresets: (signal?: AbortSignal) => deskFetch<{ presets: Preset[] }>('/desk/presets', { signal }).then((r) => r.presets),
  presetFixture: (name: string, apply = false) =>
    deskFetch<FixtureResponse>(`/desk/presets/${enc(name)}/fixture`, { method: 'POST', body: { apply } }),

  listDatabases: (signal?: AbortSignal) =>
    deskFetch<Schema<'DeskDatabaseList'>>('/desk/databases', { signal }).then((r) => r.databases),
  attachDatabase: (body: AttachDatabaseRequest) => deskFetch<DatabaseListItem>('/desk/databases', { method: 'POST', body }),
  detachDatabase: (id: string) => deskFetch<Schema<'DeskDeleted'>>(`/desk/databases/${enc(id)}`, { method: 'DELETE' }),
};

/** The same request made as one token, for the compare view: the status the server sent and its body, never a throw. */
export async function requestAs(
  token: string,
  method: RequestOptions['method'],
  path: string,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  try {
    const answer = await exchange(path, token, { method });
    return { ...answer, ms: performance.now() - started };
  } catch (err) {
    const e = err as { status?: number; body?: unknown; detail?: string };
    return { status: e.status ?? 0, body: e.body ?? { detail: e.detail ?? String(err) }, ms: performance.now() - started };
  }
}
