import path from 'node:path';
import express from 'express';
import { ValidationError } from '../../../errors.js';
import { FileReadError, MAX_KEY_FILE_BYTES, readRegularFileSync } from '../../../files/regular-file.js';
import { parseInput } from '../../../http/validate.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import {
  DeskKeyGenerateRequestSchema,
  DeskKeyDeleteQuerySchema,
  DeskKeyImportRequestSchema,
  DeskKeyPatchRequestSchema,
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

/** `/desk/keys`: the local signing keys and which of them the server trusts. */
export function keysRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  const store = () => new LocalKeys(runtime.dataDir);

  router.get('/keys', (_req, res) => {
    const s = store();
    res.json({
      keys: s.list().map((k) => toDeskKey(k, s)),
      trusted_jwks_path: s.trustedJwksPath,
      trusted_jwks_in_use: runtime.settings().settings.auth.jwks_file === s.trustedJwksPath,
    });
  });

  router.post('/keys', async (req, res) => {
    const body = parseInput(DeskKeyGenerateRequestSchema, req.body ?? {}, 'body');
    const s = store();
    const rec = await s.generate(body.alg, new Date(), body.trusted);
    await runtime.auth().reloadKeyFile();
    res.status(201).json(toDeskKey(rec, s));
  });

  router.post('/keys/import', async (req, res) => {
    const body = parseInput(DeskKeyImportRequestSchema, req.body ?? {}, 'body');
    const text = body.path !== undefined ? readKeyFile(body.path) : (body.text as string);
    const candidates = parseKeyMaterial(text, { kid: body.kid, alg: body.alg });
    const s = store();
    const { added, skipped } = s.addImported(candidates, { trusted: body.trusted, origin: body.path ?? 'pasted text' });
    const notes = candidates.flatMap((c) => (c.note ? [`${c.kid}: ${c.note}`] : []));
    await runtime.auth().reloadKeyFile();
    res.status(added.length > 0 ? 201 : 200).json({ added: added.map((k) => toDeskKey(k, s)), skipped, notes });
  });

  router.get('/keys/jwks.json', (_req, res) => {
    res.setHeader('Content-Disposition', 'inline; filename="rundesk.jwks.json"');
    res.json(store().publicJwks());
  });

  router.get('/keys/:kid/pem', (req, res) => {
    const { kid } = parseInput(KidParamsSchema, req.params, 'path');
    const rec = store().get(kid);
    if (!rec.public_jwk) {
      throw new ValidationError(`Key ${kid} is an HMAC secret; it has no public PEM form`, [
        { path: 'path.kid', message: 'is a shared secret' },
      ]);
    }
    res.type('application/x-pem-file').send(publicPem(rec.public_jwk));
  });

  // Every change of the trusted JWKS is in force before the answer: a key untrusted here must
  // not verify one more request (the auth layer otherwise looks at the file once a second).
  router.patch('/keys/:kid', async (req, res) => {
    const { kid } = parseInput(KidParamsSchema, req.params, 'path');
    const body = parseInput(DeskKeyPatchRequestSchema, req.body ?? {}, 'body');
    const s = store();
    if (!body.trusted && !body.confirm) assertNotLastTrustedKey(runtime, s, kid);
    const rec = s.setTrusted(kid, body.trusted);
    await runtime.auth().reloadKeyFile();
    res.json(toDeskKey(rec, s));
  });

  router.delete('/keys/:kid', async (req, res) => {
    const { kid } = parseInput(KidParamsSchema, req.params, 'path');
    const { confirm } = parseInput(DeskKeyDeleteQuerySchema, req.query, 'query');
    const s = store();
    if (!confirm) assertNotLastTrustedKey(runtime, s, kid);
    s.remove(kid);
    await runtime.auth().reloadKeyFile();
    res.json({ deleted: kid });
  });

  return router;
}
