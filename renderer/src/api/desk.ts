import { deskFetch, publicFetch } from './client';
import type { DeskDatabase, InspectRequest, InspectVerdict, MintRequest, MintResponse, SampleDataResult } from './types';

/** Workbench API calls (`/desk/...`), authenticated by the desk cookie. */

export function mintToken(body: MintRequest, signal?: AbortSignal) {
  return deskFetch<MintResponse>('/desk/tokens', { method: 'POST', body, signal });
}

export function inspectToken(body: InspectRequest, signal?: AbortSignal) {
  return deskFetch<InspectVerdict>('/desk/inspect', { method: 'POST', body, signal });
}

export function listDatabases(signal?: AbortSignal) {
  return deskFetch<DeskDatabase[] | { databases: DeskDatabase[] }>('/desk/databases', { signal }).then((r) =>
    Array.isArray(r) ? r : r.databases,
  );
}

export function loadSampleData(signal?: AbortSignal) {
  return deskFetch<SampleDataResult>('/desk/sample-data', { method: 'POST', body: {}, signal });
}

export interface ServerInfo {
  [key: string]: unknown;
}

export function getInfo(signal?: AbortSignal) {
  return publicFetch<ServerInfo>('/info', { signal });
}
