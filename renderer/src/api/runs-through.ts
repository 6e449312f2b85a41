/**
 * Starting a run through rundesk, as a client of the platform API would: `POST
 * /{agents|teams|workflows}/{id}/runs` with the form fields AgentOS reads (`message`, `stream`,
 * `session_id`), the acting-as token as `Authorization`. rundesk decides (401/403 as for every
 * request), forwards it to `upstream.url`, and answers `X-Rundesk-Request-Id`, the id its live
 * run view and requests page know the run by.
 *
 * The stream is read to its end here, outside any component: leaving the page must not
 * disconnect, because a client that disconnects cancels the run.
 */
import { ApiError } from './client';

export type RunKind = 'agent' | 'team' | 'workflow';

export interface StartedRun {
  requestId: number;
  /** Resolves when the answer has been read to its end. */
  finished: Promise<void>;
}

const FAMILY: Record<RunKind, string> = { agent: 'agents', team: 'teams', workflow: 'workflows' };

export async function startRun(kind: RunKind, componentId: string, input: { message: string; sessionId?: string | undefined }, token: string | null): Promise<StartedRun> {
  const path = `/${FAMILY[kind]}/${encodeURIComponent(componentId)}/runs`;
  const form = new URLSearchParams({ message: input.message, stream: 'true' });
  if (input.sessionId) form.set('session_id', input.sessionId);
  const headers: Record<string, string> = { Accept: 'text/event-stream, application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, headers, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: 'The rundesk server could not be reached. Is it still running?', method: 'POST', path, url: path, token });
  }
  const id = Number(response.headers.get('x-rundesk-request-id'));
  if (!response.ok || !Number.isInteger(id) || id <= 0) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const b = body as { detail?: unknown; error_code?: unknown } | null;
    throw new ApiError({
      status: response.status,
      code: typeof b?.error_code === 'string' ? b.error_code : null,
      detail: typeof b?.detail === 'string' ? b.detail : `${response.status} ${response.statusText}`,
      method: 'POST',
      path,
      url: path,
      body,
      token,
    });
  }
  const reader = response.body?.getReader();
  const finished = (async () => {
    if (!reader) return;
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  })().catch(() => undefined);
  return { requestId: id, finished };
}
