import type { TestResponse, TestServer } from '../../server/testing/server-harness.js';

/** A run body the ingest route accepts. */
export const agentRun = (runId: string, extra: Record<string, unknown> = {}) => ({
  run_id: runId,
  agent_id: 'weather-agent',
  status: 'COMPLETED',
  created_at: 1_771_086_857,
  content: 'Sunny',
  ...extra,
});

/** A `/desk` request with the desk credential. */
export function desk(t: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
  return fetch(`${t.baseUrl}${path}`, {
    method,
    headers: {
      'x-desk-token': t.server.deskToken,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

/** Asserts the `{ detail, error_code }` JSON error body and returns the body. */
export async function errorBody(res: TestResponse): Promise<{ detail: string; error_code: string } & Record<string, unknown>> {
  const text = await res.text();
  if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { detail: string; error_code: string };
  if (typeof body.detail !== 'string' || typeof body.error_code !== 'string') throw new Error(`not an error body: ${text.slice(0, 200)}`);
  if (/\bat .*\.(ts|js):\d+/.test(text)) throw new Error(`stack trace in the body: ${text.slice(0, 200)}`);
  return body;
}
