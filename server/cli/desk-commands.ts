import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { createAuthLayer } from '../auth/index.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../api/platform/platform-routes.js';
import { loadCliSettings, serverBaseUrl } from './desk-settings.js';
import { formatInspection, formatKeys, formatMint } from './desk-format.js';
import { defaultDataDir } from '../api/desk/data-dir.js';
import { inspectRequest } from '../api/desk/inspect/inspect.js';
import { publicPem } from '../api/desk/keys/jwk.js';
import { toDeskKey } from '../api/desk/keys/present.js';
import { ensureLocalKeys, LocalKeys } from '../api/desk/keys/store.js';
import { curlExample } from '../api/desk/mint/curl.js';
import { MINT_DEFECTS } from '../api/desk/mint/mint.js';
import { mintWithSettings } from '../api/desk/mint/mint-with-settings.js';
import { DEMO_RUN_PATH } from '../api/desk/sample-data.js';
import { DeskInspectRequestSchema, DeskKeyGenerateRequestSchema, DeskMintRequestSchema } from '../api/desk/schemas.js';
import { secureDataFolder } from '../data-folder.js';
import { exitCodeOf } from '../error-table.js';
import { AppError } from '../errors.js';
import { formatIssues, toFieldIssues } from '../settings/load.js';
import type { CliIo } from './io.js';
import { readServerMarker } from './server-marker.js';

/**
 * `rundesk mint`, `rundesk inspect` and `rundesk keys`: the workbench's mint, inspect and key
 * export for scripts. They call the same functions as the `/desk` routes, validate options
 * with the same zod schemas, and work without a running server (they read the data dir).
 *
 * Exit codes: 0 success (for `inspect`: the request would be let through), 1 the request
 * would be refused (`inspect`) or the configuration is unusable, 2 bad arguments.
 */

const MINT_USAGE = `Usage: rundesk mint [options]

Mints a test token with a local key (defaults follow the settings: algorithm, claim names, audience).

  --sub S               subject / user id (default demo-user)
  --scope S             a scope; repeat for more (also accepts space-separated lists)
  --aud A               audience; repeat for a list (default: the settings' audience, else os_id)
  --ttl SECONDS         lifetime (default 3600)
  --iss I               issuer (default rundesk)
  --session-id ID       session id claim
  --alg ALG             RS256 | ES256 | HS256 | … (default: the key's, else the settings' algorithm)
  --key KID             local key to sign with
  --claims JSON         extra claims, e.g. '{"tenant":"t1"}'
  --scopes-claim NAME   scopes | permissions | scp | scope | any name (default: the settings')
  --typ TYP             header typ (default at+jwt)
  --defect KIND         ${MINT_DEFECTS.join(' | ')}
  --data-dir DIR        data dir (default: $RUNDESK_DATA_DIR or the platform's)
  --config FILE         read defaults from this settings file instead of the data dir's
  --json                print JSON
`;

const INSPECT_USAGE = `Usage: rundesk inspect TOKEN [options]

Explains what the server decides for TOKEN on one request. Exit code 0 if allowed, 1 if refused.

  --method M            HTTP method (default GET)
  --path P              request path (default ${DEMO_RUN_PATH})
  --config FILE         settings file (default: <data-dir>/settings.json)
  --data-dir DIR        data dir (default: $RUNDESK_DATA_DIR or the platform's)
  --json                print JSON
`;

const KEYS_USAGE = `Usage: rundesk keys list|export|generate [options]

  list                  the local keys (kid, alg, trust, fingerprint)
  export                public keys: --format jwks (default) or pem; --kid KID for one key
  generate --alg ALG    a new local key (trusted)
  --data-dir DIR        data dir (default: $RUNDESK_DATA_DIR or the platform's)
  --json                print JSON
`;

class UsageError extends Error {}

/**
 * `--ttl -5` as `--ttl=-5`: parseArgs refuses a value that starts with "-" as ambiguous, which
 * hides the real mistake (a negative number) behind a puzzle; joined, the option's own check
 * answers instead.
 */
export function joinNegativeValues(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (name !== null && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T, allowPositionals: boolean) {
  try {
    const args = options ? joinNegativeValues(argv, options) : argv;
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
}

/** Field names of the desk bodies as the CLI spells them. */
const OPTION_NAMES: Record<string, string> = { scopes: '--scope', token: 'TOKEN', key: '--key', session_id: '--session-id' };

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error).map((i) => {
    const [head = '', ...rest] = i.path.split('.');
    const name = OPTION_NAMES[head] ?? `--${head.replace(/_/g, '-')}`;
    return { path: [name, ...rest].join('.'), message: i.message };
  });
  throw new UsageError(formatIssues(issues));
}

/** The data folder, checked like the server checks it (ours alone) before keys are read or written. */
function dataDirOf(values: { 'data-dir'?: string | undefined }, io: CliIo): string {
  const dir = path.resolve(values['data-dir'] ?? defaultDataDir(io.env));
  secureDataFolder(dir);
  return dir;
}

/** Runs a command body; usage mistakes exit 2, configuration and validation problems exit 1, each in one line. */
async function guarded(name: string, usage: string, io: CliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`rundesk ${name}: ${err.message}\n${usage.split('\n')[0]}\n`);
      return 2;
    }
    if (err instanceof AppError) {
      io.stderr.write(`rundesk ${name}: ${err.message}\n`);
      return exitCodeOf(err);
    }
    throw err;
  }
}

function write(io: CliIo, text: string): void {
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export async function runMint(argv: string[], io: CliIo): Promise<number> {
  return guarded('mint', MINT_USAGE, io, async () => {
    const { values } = parse(
      argv,
      {
        sub: { type: 'string' },
        scope: { type: 'string', multiple: true },
        aud: { type: 'string', multiple: true },
        ttl: { type: 'string' },
        iss: { type: 'string' },
        'session-id': { type: 'string' },
        alg: { type: 'string' },
        key: { type: 'string' },
        claims: { type: 'string' },
        'scopes-claim': { type: 'string' },
        typ: { type: 'string' },
        defect: { type: 'string' },
        'data-dir': { type: 'string' },
        config: { type: 'string' },
        json: { type: 'boolean' },
      },
      false,
    );
    if (values.help) {
      write(io, MINT_USAGE);
      return 0;
    }
    let claims: unknown;
    if (values.claims !== undefined) {
      try {
        claims = JSON.parse(values.claims);
      } catch {
        throw new UsageError('--claims must be a JSON object, e.g. \'{"tenant":"t1"}\'');
      }
    }
    let ttl: number | undefined;
    if (values.ttl !== undefined) {
      if (!/^\d+$/.test(values.ttl) || Number(values.ttl) === 0) {
        throw new UsageError(`--ttl must be a positive whole number of seconds, got "${values.ttl}" (use --defect expired for an expired token)`);
      }
      ttl = Number(values.ttl);
    }
    const aud = values.aud;
    const request = checked(DeskMintRequestSchema, {
      ...(values.sub !== undefined ? { sub: values.sub } : {}),
      scopes: (values.scope ?? []).flatMap((s) => s.split(/\s+/)).filter((s) => s !== ''),
      ...(aud !== undefined ? { aud: aud.length === 1 ? aud[0] : aud } : {}),
      ...(ttl !== undefined ? { ttl } : {}),
      ...(values.iss !== undefined ? { iss: values.iss } : {}),
      ...(values['session-id'] !== undefined ? { session_id: values['session-id'] } : {}),
      ...(values.alg !== undefined ? { alg: values.alg } : {}),
      ...(values.key !== undefined ? { key: values.key } : {}),
      ...(claims !== undefined ? { claims } : {}),
      ...(values['scopes-claim'] !== undefined ? { scopes_claim: values['scopes-claim'] } : {}),
      ...(values.typ !== undefined ? { typ: values.typ } : {}),
      ...(values.defect !== undefined ? { defect: values.defect } : {}),
    });
    if (values['data-dir'] !== undefined && !fs.existsSync(values['data-dir'])) {
      // Creating it would mint with fresh keys that no server trusts.
      throw new UsageError(
        `data folder ${path.resolve(values['data-dir'])} does not exist; start \`rundesk serve --data-dir ${values['data-dir']}\` once to create it, or leave out --data-dir`,
      );
    }
    const dataDir = dataDirOf(values, io);
    const { settings } = loadCliSettings({ configPath: values.config, dataDir, env: io.env });
    ensureLocalKeys(dataDir);
    const now = Date.now() / 1000;
    const { minted, signer } = await mintWithSettings(dataDir, settings, request, now);
    const live = readServerMarker(dataDir);
    const out = { ...minted, signer, curl: curlExample(minted.token, live?.url ?? serverBaseUrl(settings), settings.auth, '/sessions') };
    write(io, values.json ? JSON.stringify(out, null, 2) : formatMint(out, now));
    if (live === null) {
      io.stderr.write(
        `rundesk mint: note: no rundesk server is running with data folder ${dataDir}; it will trust this token's key (kid ${minted.kid ?? 'none'}), a server started with another --data-dir will not\n`,
      );
    }
    return 0;
  });
}

export async function runInspect(argv: string[], io: CliIo): Promise<number> {
  return guarded('inspect', INSPECT_USAGE, io, async () => {
    const { values, positionals } = parse(
      argv,
      {
        method: { type: 'string' },
        path: { type: 'string' },
        config: { type: 'string' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
      },
      true,
    );
    if (values.help) {
      write(io, INSPECT_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'TOKEN is required' : 'give exactly one TOKEN');
    const request = checked(DeskInspectRequestSchema, {
      token: positionals[0],
      ...(values.method !== undefined ? { method: values.method } : {}),
      ...(values.path !== undefined ? { path: values.path } : {}),
    });
    const { settings } = loadCliSettings({ configPath: values.config, dataDir: dataDirOf(values, io), env: io.env });
    const layer = await createAuthLayer(settings.auth, { osId: settings.os_id, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS, env: io.env });
    try {
      const result = await inspectRequest(layer, settings, request);
      write(io, values.json ? JSON.stringify(result, null, 2) : formatInspection(result));
      return result.status === 200 ? 0 : 1;
    } finally {
      layer.close();
    }
  });
}

export async function runKeys(argv: string[], io: CliIo): Promise<number> {
  return guarded('keys', KEYS_USAGE, io, async () => {
    const { values, positionals } = parse(
      argv,
      {
        format: { type: 'string' },
        kid: { type: 'string' },
        alg: { type: 'string' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
      },
      true,
    );
    if (values.help) {
      write(io, KEYS_USAGE);
      return 0;
    }
    const [sub, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const onlyFor: Record<string, string> = { format: 'export', kid: 'export', alg: 'generate' };
    for (const [option, command] of Object.entries(onlyFor)) {
      if (values[option as keyof typeof values] !== undefined && sub !== command && sub !== undefined) {
        throw new UsageError(`--${option} applies to \`rundesk keys ${command}\` only`);
      }
    }
    const dataDir = dataDirOf(values, io);
    const store = new LocalKeys(dataDir);
    switch (sub) {
      case 'list': {
        ensureLocalKeys(dataDir);
        const keys = store.list().map((k) => toDeskKey(k, store));
        write(io, values.json ? JSON.stringify(keys, null, 2) : formatKeys(keys));
        return 0;
      }
      case 'export': {
        const format = values.format ?? 'jwks';
        if (format !== 'jwks' && format !== 'pem') throw new UsageError('--format must be jwks or pem');
        ensureLocalKeys(dataDir);
        const jwks = store.publicJwks();
        const keys = values.kid === undefined ? jwks.keys : jwks.keys.filter((k) => k.kid === values.kid);
        if (values.kid !== undefined && keys.length === 0) {
          io.stderr.write(`rundesk keys: no public key with kid ${values.kid}\n`);
          return 1;
        }
        if (format === 'jwks') {
          write(io, JSON.stringify({ keys }, null, 2));
        } else if (values.json) {
          write(io, JSON.stringify({ keys: keys.map((k) => ({ kid: k.kid, pem: publicPem(k) })) }, null, 2));
        } else {
          // Text outside BEGIN/END lines is ignored by PEM readers, so each key can say its kid.
          write(io, keys.map((k) => `kid: ${k.kid}\n${publicPem(k)}`).join('\n'));
        }
        return 0;
      }
      case 'generate': {
        const { alg } = checked(DeskKeyGenerateRequestSchema, values.alg !== undefined ? { alg: values.alg } : {});
        ensureLocalKeys(dataDir);
        const rec = toDeskKey(await store.generate(alg), store);
        write(io, values.json ? JSON.stringify(rec, null, 2) : formatKeys([rec]));
        return 0;
      }
      case undefined:
        throw new UsageError('missing subcommand: list, export or generate');
      default:
        throw new UsageError(`unknown subcommand "${sub}"`);
    }
  });
}
