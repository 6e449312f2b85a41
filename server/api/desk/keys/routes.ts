import path from 'node:path';
import { z } from 'zod';
import { ValidationError } from '../../../errors.js';
import { FileReadError, MAX_KEY_FILE_BYTES, readRegularFileSync } from '../../../files/regular-file.js';
import { defineRoute, json } from '../../../http/route.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import {
  DeskDeletedSchema,
  DeskKeyDeleteQuerySchema,
  DeskKeyGenerateRequestSchema,
  DeskKeyImportRequestSchema,
  DeskKeyImportResponseSchema,
  DeskKeyListSchema,
  DeskKeyPatchRequestSchema,
  DeskKeySchema,
  JwksSchema,
  KidParamsSchema,
} from '../schemas.js';
import { LastTrustedKeyError } from '../../../auth/trusted-key-errors.js';
import { parseKeyMaterial } from './import.js';
import { publicPem } from './jwk.js';
import { toDeskKey } from './present.js';
import { LocalKeys } from './store.js';

/** A key file's text: a regular file of at most 1 MB (never a FIFO or a device). */
function readKeyFile(file: string): string {
  if (!path.isAbsolute(file)) {
    throw new ValidationError('The key file path must be absolute', [{ path: 'body.path', message: 'must be an absolute path' }]);
  }
  try {
    return readRegularFileSync(file, MAX_KEY_FILE_BYTES);
  } catch (err) {
    if (!(err instanceof FileReadError)) throw err;
    throw new ValidationError(`${file} ${err.reason}`, [{ path: 'body.path', message: err.reason }], { cause: err });
  }
}

/**
 * Throws `LastTrustedKeyError` when `kid` is the only trusted key for the configured algorithm
 * in the trusted JWKS the live settings read, and the live auth layer has no other key source:
 * removing it would make every token fail. Nothing to warn about when validation is off or the
 * trusted JWKS is not in use.
 */
function assertNotLastTrustedKey(runtime: Runtime, s: LocalKeys, kid: string): void {
  const auth = runtime.settings().settings.auth;
  if (!auth.validate || auth.jwks_file !== s.trustedJwksPath) return;
  const live = runtime.auth().status();
  if (live.verification_keys > 0 || live.jwks_url !== null) return;
  const rec = s.get(kid);
  if (!rec.trusted || rec.alg !== auth.algorithm) return;
  if (s.list().some((k) => k.kid !== kid && k.trusted && k.alg === auth.algorithm)) return;
  throw new LastTrustedKeyError(kid, auth.algorithm, s.trustedJwksPath);
}

const store = (runtime: Runtime) => new LocalKeys(runtime.dataDir);

/** Trusting, untrusting and deleting write the trusted JWKS and the key files. */
const SAVES = ['STORAGE_WRITE_FAILED', 'INSUFFICIENT_STORAGE'] as const;

/** `/desk/keys`: the local signing keys and which of them the server trusts. */
export const keyRoutes = [
  defineRoute({
    method: 'get',
    path: '/keys',
    operationId: 'desk_list_keys',
    tags: ['Workbench'],
    summary: 'List local signing keys',
    answers: { 200: { description: 'Keys, newest last', schema: DeskKeyListSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      const s = store(runtime);
      return json({
        keys: s.list().map((k) => toDeskKey(k, s)),
        trusted_jwks_path: s.trustedJwksPath,
        trusted_jwks_in_use: runtime.settings().settings.auth.jwks_file === s.trustedJwksPath,
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/keys',
    operationId: 'desk_generate_key',
    tags: ['Workbench'],
    summary: 'Generate a signing key',
    body: { schema: DeskKeyGenerateRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 201: { description: 'The new key', schema: DeskKeySchema } },
    errors: [],
    emits: SAVES,
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      const s = store(runtime);
      const rec = await s.generate(body.alg, new Date(), body.trusted);
      await runtime.auth().reloadKeyFile();
      return json(toDeskKey(rec, s), 201);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/keys/import',
    operationId: 'desk_import_keys',
    tags: ['Workbench'],
    summary: 'Import public keys (PEM, certificate, JWK, JWKS)',
    description: 'Private keys are accepted but only their public half is kept. All keys must be usable or nothing is imported.',
    body: { schema: DeskKeyImportRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: {
      201: { description: 'Keys added', schema: DeskKeyImportResponseSchema },
      200: { description: 'Nothing new (every key was already present)', schema: DeskKeyImportResponseSchema },
    },
    errors: [],
    emits: SAVES,
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      const text = body.path !== undefined ? readKeyFile(body.path) : (body.text as string);
      const candidates = parseKeyMaterial(text, { kid: body.kid, alg: body.alg });
      const s = store(runtime);
      const { added, skipped } = s.addImported(candidates, { trusted: body.trusted, origin: body.path ?? 'pasted text' });
      const notes = candidates.flatMap((c) => (c.note ? [`${c.kid}: ${c.note}`] : []));
      await runtime.auth().reloadKeyFile();
      return json({ added: added.map((k) => toDeskKey(k, s)), skipped, notes }, added.length > 0 ? 201 : 200);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/keys/jwks.json',
    operationId: 'desk_export_jwks',
    tags: ['Workbench'],
    summary: 'Public JWKS of the local asymmetric keys',
    answers: { 200: { description: 'JWKS (HMAC secrets are never included)', schema: JwksSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      return json(store(runtime).publicJwks(), 200, { 'Content-Disposition': 'inline; filename="rundesk.jwks.json"' });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/keys/{kid}/pem',
    operationId: 'desk_export_pem',
    tags: ['Workbench'],
    summary: 'Public key as PEM (SPKI)',
    params: KidParamsSchema,
    answers: { 200: { description: 'PEM text', schema: z.string(), contentType: 'application/x-pem-file' } },
    errors: [404],
    scopes: 'public',
    deskView: false,
    handle({ params }, { runtime }) {
      const { kid } = params;
      const rec = store(runtime).get(kid);
      if (!rec.public_jwk) {
        throw new ValidationError(`Key ${kid} is an HMAC secret; it has no public PEM form`, [
          { path: 'path.kid', message: 'is a shared secret' },
        ]);
      }
      // As Express's res.type(...).send(text) answers it: the text as UTF-8, with its charset named.
      return { kind: 'bytes', status: 200, body: Buffer.from(publicPem(rec.public_jwk)), contentType: 'application/x-pem-file; charset=utf-8' };
    },
  }),
  // Every change of the trusted JWKS is in force before the answer: a key untrusted here must
  // not verify one more request (the auth layer otherwise looks at the file once a second).
  defineRoute({
    method: 'patch',
    path: '/keys/{kid}',
    operationId: 'desk_set_key_trust',
    tags: ['Workbench'],
    summary: 'Trust or untrust a key',
    description: 'Rewrites `keys/trusted.jwks.json` atomically; the auth layer picks the change up within a second.',
    params: KidParamsSchema,
    body: { schema: DeskKeyPatchRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'The key', schema: DeskKeySchema } },
    errors: [404, 409],
    emits: ['LAST_TRUSTED_KEY', ...SAVES],
    scopes: 'public',
    deskView: false,
    async handle({ params, body }, { runtime }) {
      const s = store(runtime);
      if (!body.trusted && !body.confirm) assertNotLastTrustedKey(runtime, s, params.kid);
      const rec = s.setTrusted(params.kid, body.trusted);
      await runtime.auth().reloadKeyFile();
      return json(toDeskKey(rec, s));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/keys/{kid}',
    operationId: 'desk_delete_key',
    tags: ['Workbench'],
    summary: 'Delete a key',
    params: KidParamsSchema,
    query: DeskKeyDeleteQuerySchema,
    answers: { 200: { description: 'Deleted', schema: DeskDeletedSchema } },
    errors: [404, 409],
    emits: ['LAST_TRUSTED_KEY', ...SAVES],
    scopes: 'public',
    deskView: false,
    async handle({ params, query }, { runtime }) {
      const s = store(runtime);
      if (!query.confirm) assertNotLastTrustedKey(runtime, s, params.kid);
      s.remove(params.kid);
      await runtime.auth().reloadKeyFile();
      return json({ deleted: params.kid });
    },
  }),
];
