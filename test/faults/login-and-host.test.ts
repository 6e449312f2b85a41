import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/errors.js';
import { startServer, type RunningServer } from '../../server/server.js';

describe('Given a running server and its log', () => {
  let dir: string;
  let server: RunningServer | undefined;
  let logged: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-login-'));
    logged = '';
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(extra: { host?: string } = {}): Promise<RunningServer> {
    const log = new PassThrough();
    log.on('data', (d: Buffer) => (logged += d.toString()));
    server = await startServer({ dataDir: path.join(dir, 'data'), port: 0, log, env: {}, ...extra });
    return server;
  }

  const ui = (s: RunningServer, query: string) => fetch(`${s.baseUrl}/ui/${query}`, { redirect: 'manual', headers: { accept: 'application/json' } });

  it('When the login link spells "token" in other ways, then it logs in only by the once-decoded name, and the log never holds the token', async () => {
    const s = await start();
    const t = encodeURIComponent(s.deskToken);
    const cases: [string, number][] = [
      [`?token=${t}`, 302],
      [`?%74oken=${t}`, 302],
      [`?%74%6F%6B%65%6E=${t}&x=1`, 302],
      [`?%2574oken=${t}`, 401],
      [`?TOKEN=${t}`, 401],
      [`?token=${t}&token=${t}`, 401],
      [`?token=${t}&%74oken=${t}`, 401],
    ];
    for (const [query, status] of cases) {
      const res = await ui(s, query);
      expect(res.status, query).toBe(status);
      if (status === 302) expect(res.headers.get('location'), query).not.toContain(s.deskToken);
    }
    // pino writes asynchronously; give the stream a moment to drain before reading it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toContain('/ui/?%74oken=[redacted]');
    expect(logged).not.toContain(s.deskToken);
  });

  it('When it listens on a non-loopback host, then it warns; with validate false it refuses to start, and refuses validate false later', async () => {
    fs.mkdirSync(path.join(dir, 'data'), { mode: 0o700 });
    fs.writeFileSync(path.join(dir, 'data', 'settings.json'), JSON.stringify({ auth: { validate: false } }));
    const refused = start({ host: '0.0.0.0' });
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(
      'auth.validate is false (any token is accepted), so rundesk will not listen on 0.0.0.0, which other machines can reach; use --host 127.0.0.1 or turn validation on',
    );
    // On loopback the same settings are fine.
    const local = await start({ host: '127.0.0.1' });
    expect(local.warnings.join(' ')).not.toContain('other machines');
    await local.stop();
    server = undefined;

    const trusted = path.join(dir, 'data', 'keys', 'trusted.jwks.json');
    fs.writeFileSync(path.join(dir, 'data', 'settings.json'), JSON.stringify({ auth: { jwks_file: trusted } }));
    const exposed = await start({ host: '0.0.0.0' });
    expect(exposed.warnings).toContain(
      'listening on 0.0.0.0, which other machines can reach: only the JWT layer and the desk token protect rundesk there (use --host 127.0.0.1 to keep it local)',
    );
    const put = await fetch(`${exposed.baseUrl}/desk/settings`, {
      method: 'PUT',
      headers: { 'x-desk-token': exposed.deskToken, 'content-type': 'application/json' },
      body: JSON.stringify({ auth: { validate: false } }),
    });
    expect(put.status).toBe(422);
    const body = (await put.json()) as { error_code: string; issues: { path: string }[] };
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(body.issues.map((i) => i.path)).toContain('auth.validate');
  });
});
