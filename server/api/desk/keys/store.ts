import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, NotFoundError, ValidationError } from '../../../errors.js';
import { writeFilesAtomic, type FileWrite } from '../../../files/atomic-write.js';
import { SUPPORTED_ALGORITHMS, type SupportedAlgorithm } from '../../../settings/schema.js';
import { generateKey, generateKeySync, type GeneratedKey } from './generate.js';
import { JwkSchema, jwkThumbprint, publicJwk, type Jwk } from './jwk.js';

/**
 * The local key store in `<data-dir>/keys/`:
 *  - `keys.json`: the index (kid, alg, use, created_at, trusted, source, public JWK) — never
 *    private material, so it can be shown and copied;
 *  - `<kid>.private.jwk.json`: private material, only for keys rundesk generated (imported
 *    keys keep only their public half, so a production private key is never copied here);
 *  - `trusted.jwks.json`: every trusted key, the file the auth layer's `jwks_file` points at.
 * Every file is written atomically with mode 0600. State is re-read on each call (the files
 * are tiny) so the server and a concurrently running CLI never disagree.
 */

export const KEYS_DIR = 'keys';
const INDEX_FILE = 'keys.json';
const TRUSTED_JWKS_FILE = 'trusted.jwks.json';

export const KeyRecordSchema = z.strictObject({
  kid: z.string().min(1),
  alg: z.enum(SUPPORTED_ALGORITHMS),
  kty: z.enum(['RSA', 'EC', 'OKP', 'oct']),
  use: z.literal('sig'),
  created_at: z.iso.datetime(),
  trusted: z.boolean(),
  source: z.enum(['generated', 'imported']),
  /** `null` for HMAC secrets, whose only form is private. */
  public_jwk: JwkSchema.nullable(),
  /** Where an imported key came from: a file path or `pasted text`. */
  origin: z.string().optional(),
});
export type KeyRecord = z.infer<typeof KeyRecordSchema>;

const KeyIndexSchema = z.strictObject({ version: z.literal(1), keys: z.array(KeyRecordSchema) });

/** A key rundesk can sign with. */
export interface SigningKey {
  kid: string;
  alg: SupportedAlgorithm;
  trusted: boolean;
  privateJwk: Jwk;
}

export interface Jwks {
  keys: Jwk[];
}

/** Algorithms generated on first run: one of each family the workbench demonstrates. */
export const FIRST_RUN_ALGORITHMS: readonly SupportedAlgorithm[] = ['RS256', 'ES256', 'HS256'];

export function keysDir(dataDir: string): string {
  return path.join(dataDir, KEYS_DIR);
}

/** `<data-dir>/keys/trusted.jwks.json`, the default settings' `auth.jwks_file`. */
export function localTrustedJwksPath(dataDir: string): string {
  return path.join(keysDir(dataDir), TRUSTED_JWKS_FILE);
}

/** Generated kids are `[a-z0-9-]`; checked again because it becomes part of a file name. */
const SAFE_KID = /^[A-Za-z0-9_-]{1,128}$/;

export class LocalKeys {
  readonly dir: string;

  constructor(readonly dataDir: string) {
    this.dir = keysDir(dataDir);
  }

  get indexPath(): string {
    return path.join(this.dir, INDEX_FILE);
  }

  get trustedJwksPath(): string {
    return localTrustedJwksPath(this.dataDir);
  }

  private privatePath(kid: string): string {
    if (!SAFE_KID.test(kid)) throw new TypeError(`kid ${kid} cannot name a private key file`);
    return path.join(this.dir, `${kid}.private.jwk.json`);
  }

  exists(): boolean {
    return fs.existsSync(this.indexPath);
  }

  /** The index; a missing file is an empty store, a damaged one a one-line `ConfigError`. */
  list(): KeyRecord[] {
    let text: string;
    try {
      text = fs.readFileSync(this.indexPath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ConfigError(`cannot read key index ${this.indexPath} (${(err as NodeJS.ErrnoException).code ?? 'error'})`, [], { cause: err });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new ConfigError(`key index ${this.indexPath} is not valid JSON; move it aside to start with fresh keys`, [], { cause: err });
    }
    const parsed = KeyIndexSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(`key index ${this.indexPath} is damaged (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
    }
    return parsed.data.keys;
  }

  get(kid: string): KeyRecord {
    const found = this.list().find((k) => k.kid === kid);
    if (!found) throw new NotFoundError(`Key with kid ${kid} not found`);
    return found;
  }

  /** The private JWK of a generated key, or `null` (imported key, or its file is gone). */
  privateJwk(kid: string): Jwk | null {
    if (!SAFE_KID.test(kid)) return null;
    let text: string;
    try {
      text = fs.readFileSync(this.privatePath(kid), 'utf8');
    } catch {
      return null;
    }
    const parsed = JwkSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  }

  /** Every key rundesk holds private material for, in index order. */
  signingKeys(): SigningKey[] {
    const out: SigningKey[] = [];
    for (const rec of this.list()) {
      if (rec.source !== 'generated') continue;
      const jwk = this.privateJwk(rec.kid);
      if (jwk) out.push({ kid: rec.kid, alg: rec.alg, trusted: rec.trusted, privateJwk: jwk });
    }
    return out;
  }

  /**
   * Adds a generated key: its private file, the index and the trusted JWKS are written
   * together or not at all, so the index never names missing material.
   */
  addGenerated(key: GeneratedKey, now: Date = new Date(), trusted = true): KeyRecord {
    const keys = this.list();
    const record: KeyRecord = {
      kid: key.kid,
      alg: key.alg,
      kty: key.privateJwk.kty,
      use: 'sig',
      created_at: now.toISOString(),
      trusted,
      source: 'generated',
      public_jwk: key.privateJwk.kty === 'oct' ? null : publicJwk(key.privateJwk),
    };
    this.save([...keys.filter((k) => k.kid !== key.kid), record], {
      privateFiles: [{ file: this.privatePath(key.kid), contents: `${JSON.stringify(key.privateJwk, null, 2)}\n` }],
      secrets: new Map([[key.kid, key.privateJwk]]),
    });
    return record;
  }

  async generate(alg: SupportedAlgorithm, now: Date = new Date(), trusted = true): Promise<KeyRecord> {
    return this.addGenerated(await generateKey(alg), now, trusted);
  }

  /**
   * Adds imported public keys. A key whose material is already present is skipped (importing
   * the same JWKS twice is harmless); a kid already used by different material is refused,
   * because tokens pick keys by kid and two candidates would make the choice ambiguous.
   */
  addImported(
    candidates: readonly { kid: string; alg: SupportedAlgorithm; jwk: Jwk }[],
    opts: { trusted: boolean; origin: string; now?: Date },
  ): { added: KeyRecord[]; skipped: { kid: string; reason: string }[] } {
    const keys = this.list();
    const byThumb = new Map(keys.filter((k) => k.public_jwk).map((k) => [jwkThumbprint(k.public_jwk as Jwk), k]));
    const added: KeyRecord[] = [];
    const skipped: { kid: string; reason: string }[] = [];
    const issues: { path: string; message: string }[] = [];
    candidates.forEach((c, i) => {
      const same = byThumb.get(jwkThumbprint(c.jwk));
      if (same) {
        skipped.push({ kid: c.kid, reason: `already present as ${same.kid}` });
        return;
      }
      if (keys.some((k) => k.kid === c.kid) || added.some((k) => k.kid === c.kid)) {
        issues.push({ path: `keys[${i}].kid`, message: `kid ${c.kid} is already used by another key` });
        return;
      }
      added.push({
        kid: c.kid,
        alg: c.alg,
        kty: c.jwk.kty,
        use: 'sig',
        created_at: (opts.now ?? new Date()).toISOString(),
        trusted: opts.trusted,
        source: 'imported',
        public_jwk: publicJwk(c.jwk),
        origin: opts.origin,
      });
    });
    if (issues.length > 0) {
      throw new ValidationError(`Import refused: ${issues.map((i) => i.message).join('; ')}`, issues);
    }
    if (added.length > 0) this.save([...keys, ...added]);
    return { added, skipped };
  }

  remove(kid: string): KeyRecord {
    const keys = this.list();
    const rec = keys.find((k) => k.kid === kid);
    if (!rec) throw new NotFoundError(`Key with kid ${kid} not found`);
    this.save(keys.filter((k) => k.kid !== kid));
    if (rec.source === 'generated' && SAFE_KID.test(kid)) fs.rmSync(this.privatePath(kid), { force: true });
    return rec;
  }

  setTrusted(kid: string, trusted: boolean): KeyRecord {
    const keys = this.list();
    const rec = keys.find((k) => k.kid === kid);
    if (!rec) throw new NotFoundError(`Key with kid ${kid} not found`);
    const updated = { ...rec, trusted };
    this.save(keys.map((k) => (k.kid === kid ? updated : k)));
    return updated;
  }

  /** Public JWKS of every asymmetric key (trusted or not): safe to hand to another service. */
  publicJwks(): Jwks {
    return { keys: this.list().flatMap((k) => (k.public_jwk ? [withIds(k.public_jwk, k)] : [])) };
  }

  /**
   * Every trusted key, as the auth layer reads it. HMAC secrets appear as `oct` JWKs: the
   * file is 0600 inside the data dir, never served (the public export leaves them out).
   * `secrets` holds private material not yet on disk (a key being added).
   */
  trustedJwks(keys: readonly KeyRecord[] = this.list(), secrets: ReadonlyMap<string, Jwk> = new Map()): Jwks {
    const out: Jwk[] = [];
    for (const k of keys) {
      if (!k.trusted) continue;
      if (k.public_jwk) out.push(withIds(k.public_jwk, k));
      else {
        const secret = secrets.get(k.kid) ?? this.privateJwk(k.kid);
        if (secret?.kty === 'oct') out.push({ kty: 'oct', k: secret.k, kid: k.kid, alg: k.alg, use: 'sig' });
      }
    }
    return { keys: out };
  }

  /** `trusted.jwks.json` for `keys`, or nothing when the file already says so (the auth layer watches it). */
  private trustedJwksWrite(keys: readonly KeyRecord[], secrets?: ReadonlyMap<string, Jwk>): FileWrite[] {
    const text = `${JSON.stringify(this.trustedJwks(keys, secrets), null, 2)}\n`;
    let current: string | null = null;
    try {
      current = fs.readFileSync(this.trustedJwksPath, 'utf8');
    } catch {
      current = null;
    }
    return current === text ? [] : [{ file: this.trustedJwksPath, contents: text }];
  }

  /** Rewrites `trusted.jwks.json` when its content would change. */
  syncTrustedJwks(): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFilesAtomic(this.trustedJwksWrite(this.list()));
  }

  /** The index and the trusted JWKS (and a new key's private file) as one all-or-nothing write. */
  private save(keys: KeyRecord[], adding: { privateFiles: FileWrite[]; secrets: ReadonlyMap<string, Jwk> } = { privateFiles: [], secrets: new Map() }): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFilesAtomic([
      ...adding.privateFiles,
      { file: this.indexPath, contents: `${JSON.stringify({ version: 1, keys }, null, 2)}\n` },
      ...this.trustedJwksWrite(keys, adding.secrets),
    ]);
  }
}

function withIds(jwk: Jwk, rec: KeyRecord): Jwk {
  return { ...jwk, kid: rec.kid, alg: rec.alg, use: 'sig' };
}

/**
 * First-run key material: an RS256 and an ES256 key pair and an HS256 secret, all trusted,
 * plus `trusted.jwks.json`. Later runs only repair a missing JWKS file. Synchronous so it can
 * run before settings are loaded (RSA generation takes well under a second, once).
 *
 * @example
 * const keys = ensureLocalKeys(dataDir); // [{ kid: 'rs256-…', alg: 'RS256', trusted: true, … }, …]
 */
export function ensureLocalKeys(dataDir: string): KeyRecord[] {
  const store = new LocalKeys(dataDir);
  if (!store.exists()) {
    const now = new Date();
    for (const alg of FIRST_RUN_ALGORITHMS) store.addGenerated(generateKeySync(alg), now);
  }
  store.syncTrustedJwks();
  return store.list();
}
