/**
 * The main process's calls to the server's desk API (File menu actions). `fetch` is injected so
 * tests need no server. Results are data (`{ ok, value | error }`), never thrown.
 */

export interface DeskError {
  type: 'DeskError';
  /** The server's `error_code`, or `ERR_DESK_UNREACHABLE` / `ERR_DESK_BAD_RESPONSE`. */
  code: string;
  message: string;
  status: number | null;
}

export type DeskResult<T> = { ok: true; value: T } | { ok: false; error: DeskError };

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface DeskClient {
  /** `POST /desk/databases` `{ path }`: attach a SQLite file (the server derives its id). */
  attachDatabase(path: string): Promise<DeskResult<unknown>>;
  /** `POST /desk/keys/import` `{ path }`: import a PEM key or a JWKS file. */
  importKeys(path: string): Promise<DeskResult<unknown>>;
}

export function createDeskClient(options: { baseUrl: string; deskToken: string; fetch: FetchLike }): DeskClient {
  const { baseUrl, deskToken, fetch } = options;

  async function post(route: string, body: unknown): Promise<DeskResult<unknown>> {
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await fetch(`${baseUrl}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-desk-token': deskToken },
        body: JSON.stringify(body),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, error: { type: 'DeskError', code: 'ERR_DESK_UNREACHABLE', message: `rundesk server unreachable: ${message}`, status: null } };
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) return { ok: true, value: json };
    const { detail, error_code } = (json ?? {}) as { detail?: unknown; error_code?: unknown };
    return {
      ok: false,
      error: {
        type: 'DeskError',
        code: typeof error_code === 'string' ? error_code : 'ERR_DESK_BAD_RESPONSE',
        message: typeof detail === 'string' ? detail : `HTTP ${response.status} from ${route}`,
        status: response.status,
      },
    };
  }

  return {
    attachDatabase: (path) => post('/desk/databases', { path }),
    importKeys: (path) => post('/desk/keys/import', { path }),
  };
}
