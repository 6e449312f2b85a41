import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInspect, runKeys, runMint } from './desk-commands.js';
import { SERVER_MARKER_FILE, removeServerMarker, writeServerMarker } from './server-marker.js';
import { tempDirs } from '../testing/temp-dir.js';

const dirs = tempDirs('rundesk-cli-');
afterAll(() => dirs.cleanup());

function collector(): { stream: Writable; text(): string } {
  let out = '';
  return {
    stream: new Writable({
      write(chunk, _enc, cb) {
        out += String(chunk);
        cb();
      },
    }),
    text: () => out,
  };
}

async function run(cmd: typeof runMint, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const stdout = collector();
  const stderr = collector();
  const code = await cmd(argv, { stdout: stdout.stream, stderr: stderr.stream, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

let dataDir: string;
beforeAll(() => {
  dataDir = dirs.make();
});

describe('rundesk mint and inspect', () => {
  it('When a token is minted with defaults, Then inspect against the same data dir allows it (exit 0)', async () => {
    const m = await run(runMint, ['--scope', 'sessions:read', '--data-dir', dataDir]);
    expect(m.code).toBe(0);
    const token = m.stdout.split('\n')[0]!;
    expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(m.stdout).toMatch(/curl -H 'Authorization: Bearer eyJ/);
    expect(fs.existsSync(path.join(dataDir, 'keys', 'trusted.jwks.json'))).toBe(true);

    const i = await run(runInspect, [token, '--data-dir', dataDir]);
    expect(i.code).toBe(0);
    expect(i.stdout).toMatch(/^GET \/sessions\/demo-agent-weather\/runs\/demo-run-weather-1 → 200 allowed/);
    expect(i.stdout).toMatch(/verified by jwks_file\[0\] kid rs256-/);
    expect(i.stdout).toMatch(/user_id +demo-user/);
  });

  it('uses the data dir from RUNDESK_DATA_DIR when --data-dir is absent', async () => {
    const m = await run(runMint, ['--json'], { RUNDESK_DATA_DIR: dataDir });
    expect(m.code).toBe(0);
    const out = JSON.parse(m.stdout);
    expect(out).toMatchObject({ alg: 'RS256', header: { typ: 'at+jwt' }, claims: { sub: 'demo-user', aud: 'rundesk-local', scopes: [] } });
  });

  it('When a deliberately bad token is inspected, Then inspect says 401 and exits 1', async () => {
    const m = await run(runMint, ['--defect', 'expired', '--json', '--data-dir', dataDir]);
    const { token } = JSON.parse(m.stdout);
    const i = await run(runInspect, [token, '--json', '--data-dir', dataDir]);
    expect(i.code).toBe(1);
    expect(JSON.parse(i.stdout)).toMatchObject({ status: 401, reason: 'expired' });
  });

  it('mints HS256 and ES256 tokens that a matching --config accepts', async () => {
    for (const alg of ['HS256', 'ES256']) {
      const config = path.join(dirs.make(), 'settings.json');
      fs.writeFileSync(config, JSON.stringify({ auth: { algorithm: alg, jwks_file: path.join(dataDir, 'keys', 'trusted.jwks.json'), scopes_claim: 'scp' } }));
      const m = await run(runMint, ['--scope', 'sessions:read agents:read', '--config', config, '--data-dir', dataDir, '--json']);
      const out = JSON.parse(m.stdout);
      expect(out.header.alg).toBe(alg);
      expect(out.claims.scp).toEqual(['sessions:read', 'agents:read']);
      const i = await run(runInspect, [out.token, '--config', config, '--path', '/agents', '--json']);
      expect(JSON.parse(i.stdout)).toMatchObject({ status: 200, state: { scopes: ['sessions:read', 'agents:read'] } });
      const wrong = await run(runInspect, [out.token, '--data-dir', dataDir]);
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toMatch(new RegExp(`signed with ${alg}; only RS256 is accepted`));
    }
  });

  it('decides the scope-rule cases as the platform: a tightening GET /sessions/*, a listing without scope, a shadowed custom rule', async () => {
    const config = path.join(dirs.make(), 'settings.json');
    const jwks = path.join(dataDir, 'keys', 'trusted.jwks.json');
    fs.writeFileSync(config, JSON.stringify({ auth: { jwks_file: jwks, authorization: true, scope_mappings: { 'GET /sessions/*': ['x:read'] } } }));
    const m = await run(runMint, ['--scope', 'sessions:read', '--config', config, '--data-dir', dataDir, '--json']);
    const { token } = JSON.parse(m.stdout);
    const runRead = await run(runInspect, [token, '--config', config, '--path', '/sessions/s/runs/r', '--json']);
    expect(runRead.code).toBe(1);
    expect(JSON.parse(runRead.stdout)).toMatchObject({ status: 403, required_scopes: ['x:read'], matched: { pattern: 'GET /sessions/*', source: 'custom' } });
    const listing = await run(runInspect, [token, '--config', config, '--path', '/agents', '--json']);
    expect(listing.code).toBe(1);
    expect(JSON.parse(listing.stdout)).toMatchObject({ status: 403, state: { accessible_resource_ids: [] } });

    fs.writeFileSync(config, JSON.stringify({ auth: { jwks_file: jwks, authorization: true, scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } } }));
    const shadowed = await run(runInspect, [token, '--config', config, '--path', '/sessions/s/runs/r']);
    expect(shadowed.code).toBe(0);
    expect(shadowed.stdout).toContain('hint: `GET /sessions/*/runs/*` does not decide this request: as on the platform, `GET /sessions/*` is matched first (redefine `GET /sessions/*` to change it)');
  });

  it('puts extra claims, audience lists and custom claim names into the token', async () => {
    const m = await run(runMint, [
      '--sub', 'ada', '--aud', 'a', '--aud', 'b', '--ttl', '60', '--claims', '{"tenant":"t1"}', '--scopes-claim', 'scope', '--scope', 'x:read', '--scope', 'y:read',
      '--json', '--data-dir', dataDir,
    ]);
    expect(JSON.parse(m.stdout).claims).toMatchObject({ sub: 'ada', aud: ['a', 'b'], tenant: 't1', scope: 'x:read y:read' });
  });

  it('answers bad arguments with exit code 2 and one line', async () => {
    const cases: [typeof runMint, string[], RegExp][] = [
      [runMint, ['--ttl', 'soon'], /--ttl must be a positive whole number of seconds, got "soon"/],
      [runMint, ['--ttl', '-5'], /--ttl must be a positive whole number of seconds, got "-5"/],
      [runInspect, ['tok', '--method', 'FOO'], /--method: must be one of GET, HEAD, POST/],
      [runKeys, ['list', '--format', 'pem'], /--format applies to `rundesk keys export` only/],
      [runKeys, ['export', '--alg', 'ES256'], /--alg applies to `rundesk keys generate` only/],
      [runMint, ['--bogus'], /Unknown option '--bogus'/],
      [runMint, ['--defect', 'haunted'], /--defect/],
      [runMint, ['--claims', '['], /--claims must be a JSON object/],
      [runMint, ['--alg', 'XX1'], /--alg/],
      [runMint, ['--key', 'nope', '--data-dir', ''], /no local signing key with kid nope|No local signing key/i],
      [runInspect, [], /TOKEN is required/],
      [runInspect, ['a', 'b'], /exactly one TOKEN/],
      [runInspect, ['tok', '--path', 'no-slash'], /--path/],
      [runKeys, [], /missing subcommand/],
      [runKeys, ['shred'], /unknown subcommand "shred"/],
      [runKeys, ['export', '--format', 'xml'], /--format must be jwks or pem/],
    ];
    for (const [cmd, argv, message] of cases) {
      const fixed = argv.map((a) => (a === '' ? dataDir : a));
      const r = await run(cmd, [...fixed, ...(fixed.includes('--data-dir') ? [] : ['--data-dir', dataDir])]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], argv.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('When --data-dir names a folder that does not exist, Then mint refuses instead of minting with fresh keys no server trusts', async () => {
    const missing = path.join(dirs.make(), 'nope');
    const r = await run(runMint, ['--data-dir', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `rundesk mint: data folder ${missing} does not exist; start \`rundesk serve --data-dir ${missing}\` once to create it, or leave out --data-dir`,
    );
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('When a server of this data folder is running, Then the curl line names its address; otherwise a note says which key no other server trusts', async () => {
    const dir = dirs.make();
    const lonely = await run(runMint, ['--data-dir', dir, '--json']);
    const { kid, curl } = JSON.parse(lonely.stdout);
    expect(curl).toContain('http://127.0.0.1:7777/');
    expect(lonely.stderr).toBe(
      `rundesk mint: note: no rundesk server is running with data folder ${dir}; it will trust this token's key (kid ${kid}), a server started with another --data-dir will not\n`,
    );
    writeServerMarker(dir, { url: 'http://127.0.0.1:45123', pid: process.pid });
    const served = await run(runMint, ['--data-dir', dir, '--json']);
    expect(JSON.parse(served.stdout).curl).toContain('http://127.0.0.1:45123/sessions');
    expect(served.stderr).toBe('');
    removeServerMarker(dir);
    expect(fs.existsSync(path.join(dir, SERVER_MARKER_FILE))).toBe(false);
  });

  it('answers an unusable settings file with exit code 1 and one line', async () => {
    const r = await run(runInspect, ['x.y.z', '--config', path.join(dataDir, 'missing.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rundesk inspect: settings file .*missing\.json does not exist\n$/);
  });

  it('prints usage for --help', async () => {
    for (const cmd of [runMint, runInspect, runKeys]) {
      const r = await run(cmd, ['--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: rundesk /);
    }
  });
});

describe('rundesk keys', () => {
  it('lists the keys as a table or JSON', async () => {
    const table = await run(runKeys, ['list', '--data-dir', dataDir]);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^KID +ALG +TRUSTED +SOURCE +PRIVATE +FINGERPRINT$/);
    expect(table.stdout).toMatch(/rs256-\S+ +RS256 +yes +generated +yes/);
    const json = JSON.parse((await run(runKeys, ['list', '--json', '--data-dir', dataDir])).stdout);
    expect(json.map((k: { alg: string }) => k.alg)).toEqual(expect.arrayContaining(['RS256', 'ES256', 'HS256']));
  });

  it('exports the public keys as JWKS or PEM, never the HMAC secret', async () => {
    const jwks = JSON.parse((await run(runKeys, ['export', '--data-dir', dataDir])).stdout);
    expect(jwks.keys.map((k: { kty: string }) => k.kty)).toEqual(['RSA', 'EC']);
    const pem = (await run(runKeys, ['export', '--format', 'pem', '--data-dir', dataDir])).stdout;
    expect(pem.match(/-----BEGIN PUBLIC KEY-----/g)).toHaveLength(2);
    expect(pem).toMatch(/^kid: rs256-/);
    const one = await run(runKeys, ['export', '--kid', jwks.keys[1].kid, '--data-dir', dataDir]);
    expect(JSON.parse(one.stdout).keys).toHaveLength(1);
    expect((await run(runKeys, ['export', '--kid', 'nope', '--data-dir', dataDir])).code).toBe(1);
  });

  it('generates a key', async () => {
    const r = await run(runKeys, ['generate', '--alg', 'ES384', '--json', '--data-dir', dataDir]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ alg: 'ES384', trusted: true, has_private: true });
  });
});

describe('rundesk inspect output', () => {
  it('When the audience is checked, Then "audience" is printed once (the check names what the token carries)', async () => {
    const config = path.join(dataDir, 'audience.json');
    fs.writeFileSync(config, JSON.stringify({ auth: { jwks_file: path.join(dataDir, 'keys', 'trusted.jwks.json'), verify_audience: true, audience: 'rundesk-local' } }));
    const m = await run(runMint, ['--config', config, '--data-dir', dataDir]);
    const i = await run(runInspect, [m.stdout.split('\n')[0]!, '--config', config, '--path', '/sessions']);
    expect(i.code).toBe(0);
    expect(i.stdout.match(/^ {2}audience/gm)).toHaveLength(1);
    expect(i.stdout).toMatch(/audience +ok \(expected rundesk-local, got "rundesk-local"\)/);
  });

  it('When minted, Then the curl line reads a route every install has (/sessions), not a sample run', async () => {
    const m = await run(runMint, ['--data-dir', dataDir]);
    expect(m.stdout).toMatch(/curl .*\/sessions'?$/m);
    expect(m.stdout).not.toContain('demo-agent-weather');
  });
});
