import { describe, expect, it, vi } from 'vitest';
import { createDeskClient, type FetchLike } from './desk-client.js';

const TOKEN = 'desk-token-123';

function reply(status: number, body: unknown): Awaited<ReturnType<FetchLike>> {
  return { ok: status >= 200 && status < 300, status, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) };
}

describe('createDeskClient', () => {
  it('attachDatabase POSTs { path } to /desk/databases with the desk token', async () => {
    const fetch = vi.fn<FetchLike>(async () => reply(201, { id: 'agents', path: '/data/agents.db' }));
    const client = createDeskClient({ baseUrl: 'http://127.0.0.1:7777', deskToken: TOKEN, fetch });
    expect(await client.attachDatabase('/data/agents.db')).toEqual({ ok: true, value: { id: 'agents', path: '/data/agents.db' } });
    expect(fetch).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:7777/desk/databases', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-desk-token': TOKEN },
      body: JSON.stringify({ path: '/data/agents.db' }),
    });
  });

  it('importKeys POSTs { path } to /desk/keys/import', async () => {
    const fetch = vi.fn<FetchLike>(async () => reply(200, { imported: 2 }));
    const client = createDeskClient({ baseUrl: 'http://127.0.0.1:7777', deskToken: TOKEN, fetch });
    await client.importKeys('/keys/jwks.json');
    expect(fetch.mock.calls[0]?.[0]).toBe('http://127.0.0.1:7777/desk/keys/import');
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ path: '/keys/jwks.json' });
  });

  it('When the server answers with an error body, Then its detail and error_code come back as data', async () => {
    const fetch = vi.fn<FetchLike>(async () => reply(400, { detail: 'not a SQLite database', error_code: 'VALIDATION_ERROR' }));
    const client = createDeskClient({ baseUrl: 'http://127.0.0.1:7777', deskToken: TOKEN, fetch });
    expect(await client.attachDatabase('/etc/passwd')).toEqual({
      ok: false,
      error: { type: 'DeskError', code: 'VALIDATION_ERROR', message: 'not a SQLite database', status: 400 },
    });
  });

  it('When the error body is not JSON, Then a generic message names the status', async () => {
    const fetch = vi.fn<FetchLike>(async () => reply(502, '<html>bad gateway</html>'));
    const result = await createDeskClient({ baseUrl: 'http://127.0.0.1:7777', deskToken: TOKEN, fetch }).attachDatabase('/x.db');
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_DESK_BAD_RESPONSE', status: 502, message: 'HTTP 502 from /desk/databases' } });
  });

  it('When the server is unreachable, Then the error says so (and never throws)', async () => {
    const fetch = vi.fn<FetchLike>(async () => Promise.reject(new TypeError('fetch failed')));
    const result = await createDeskClient({ baseUrl: 'http://127.0.0.1:7777', deskToken: TOKEN, fetch }).importKeys('/k.pem');
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_DESK_UNREACHABLE', status: null } });
  });
});
