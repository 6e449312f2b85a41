import { deskFetch, publicFetch } from './client';
import type { Schema } from './schemas';
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
} from '../workbench/types';
import type { SampleDataResult } from './types';

/**
 * The desk's calls (`/desk/...`, authenticated by the desk cookie), one function per route, for
 * both the run browser and the workbench. Components use them only through the per-domain
 * query/mutation options.
 */

const enc = encodeURIComponent;

export const getSettings = (signal?: AbortSignal) => deskFetch<SettingsEnvelope>('/desk/settings', { signal });
/** The whole settings file; 422 `{ detail, error_code, issues }`, 409 when started with --config. */
export const putSettings = (settings: Record<string, unknown> | Settings) => deskFetch<SettingsEnvelope>('/desk/settings', { method: 'PUT', body: settings });
/** The dry run of `putSettings`: `{ valid, issues }` with nothing applied or written (also under --config). */
export const validateSettings = (settings: Record<string, unknown>, signal?: AbortSignal) =>
  deskFetch<SettingsValidation>('/desk/settings/validate', { method: 'POST', body: settings, signal });
export const getSettingsSchema = (signal?: AbortSignal) => deskFetch<SettingsSchemaResponse>('/desk/settings/schema', { signal });

export const listKeys = (signal?: AbortSignal) => deskFetch<KeyList>('/desk/keys', { signal });
export const generateKey = (alg: string) => deskFetch<KeyInfo>('/desk/keys', { method: 'POST', body: { alg } });
export const importKey = (body: { path: string } | { text: string }) => deskFetch<KeyImportResponse>('/desk/keys/import', { method: 'POST', body });
/** `confirm` overrides the server's `LAST_TRUSTED_KEY` refusal (the last key for the algorithm). */
export const setKeyTrusted = (kid: string, trusted: boolean, confirm = false) =>
  deskFetch<KeyInfo>(`/desk/keys/${enc(kid)}`, { method: 'PATCH', body: { trusted, ...(confirm ? { confirm } : {}) } });
export const deleteKey = (kid: string, confirm = false) =>
  deskFetch<Schema<'DeskDeleted'>>(`/desk/keys/${enc(kid)}`, { method: 'DELETE', ...(confirm ? { query: { confirm: 'true' } } : {}) });

export const mint = (body: MintRequest) => deskFetch<MintResponse>('/desk/tokens', { method: 'POST', body });
export const inspect = (body: InspectRequest, signal?: AbortSignal) => deskFetch<InspectResponse>('/desk/inspect', { method: 'POST', body, signal });
export const matrix = (token: string, signal?: AbortSignal) =>
  deskFetch<MatrixResponse>('/desk/inspect/matrix', { method: 'POST', body: { token }, signal });
export const mappingLint = (signal?: AbortSignal) => deskFetch<MappingLint>('/desk/mappings/lint', { signal });

export const listPresets = (signal?: AbortSignal) => deskFetch<{ presets: Preset[] }>('/desk/presets', { signal }).then((r) => r.presets);
export const presetFixture = (name: string, apply = false) =>
  deskFetch<FixtureResponse>(`/desk/presets/${enc(name)}/fixture`, { method: 'POST', body: { apply } });

export const listDatabases = (signal?: AbortSignal) =>
  deskFetch<Schema<'DeskDatabaseList'>>('/desk/databases', { signal }).then((r) => r.databases);
export const attachDatabase = (body: AttachDatabaseRequest) => deskFetch<DatabaseListItem>('/desk/databases', { method: 'POST', body });
export const detachDatabase = (id: string) => deskFetch<Schema<'DeskDeleted'>>(`/desk/databases/${enc(id)}`, { method: 'DELETE' });

export const loadSampleData = (signal?: AbortSignal) =>
  deskFetch<SampleDataResult>('/desk/sample-data', { method: 'POST', body: {}, signal });

export interface ServerInfo {
  [key: string]: unknown;
}

export const getInfo = (signal?: AbortSignal) => publicFetch<ServerInfo>('/info', { signal });
