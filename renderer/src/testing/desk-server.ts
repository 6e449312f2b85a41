/// <reference types="node" />
import { startTestServer, type TestServer } from '../../../server/testing/server-harness';
import type { SettingsInput } from '../../../server/settings/schema';

/**
 * A real rundesk server for component tests, and the browser's side of talking to it.
 *
 * In the app, the page is served by the server: relative URLs reach it and the desk cookie
 * (set by the login URL) rides along. jsdom has neither, so `fetch` is wrapped to resolve
 * relative URLs against the server and to present the desk credential as its header. Nothing
 * of the renderer is replaced: its client, queries and components run as they are.
 */
export interface DeskTestServer extends TestServer {
  /** Calls a desk route as the UI would (JSON in and out); throws on a non-2xx answer. */
  desk<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export async function startDeskServer(settings: SettingsInput = {}): Promise<DeskTestServer> {
  const server = await startTestServer(settings);
  const { baseUrl, deskToken } = server.server;
  const nodeFetch = globalThis.fetch;

  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? new URL(input, baseUrl) : input instanceof URL ? input : new URL(input.url, baseUrl);
    const headers = new Headers(init.headers);
    headers.set('x-desk-token', deskToken);
    return nodeFetch(url, { ...init, headers });
  };

  const desk = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await nodeFetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-desk-token': deskToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  return {
    ...server,
    desk,
    async stop() {
      globalThis.fetch = nodeFetch;
      await server.stop();
    },
  };
}
