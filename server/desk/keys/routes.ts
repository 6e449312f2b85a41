import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { ValidationError } from '../../errors.js';
import { parseInput } from '../../http/validate.js';
import type { Runtime } from '../../runtime-types.js';
import {
  DeskKeyGenerateRequestSchema,
  DeskKeyImportRequestSchema,
  DeskKeyPatchRequestSchema,
  KidParamsSchema,
} from '../schemas.js';
import { parseKeyMaterial } from './import.js';
import { publicPem } from './jwk.js';
import { toDeskKey } from './present.js';
import { LocalKeys } from './store.js';

/** Files larger than this are not key material. */
const MAX_KEY_FILE_BYTES = 1024 * 1024;

function readKeyFile(file: string): string {
  if (!path.isAbsolute(file)) {
    throw new ValidationError('The key file path must be absolute', [{ path: 'body.path', message: 'must be an absolute path' }]);
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ValidationError(`Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? 'error')}`, [
      { path: 'body.path', message: code === 'ENOENT' ? 'no such file' : 'cannot be read' },
    ]);
  }
  if (!stat.isFile() || stat.size > MAX_KEY_FILE_BYTES) {
    throw new ValidationError(`${file} is not a key file (a directory, or larger than 1 MB)`, [
      { path: 'body.path', message: 'is not a key file' },
    ]);
  }
  return fs.readFileSync(file, 'utf8');
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
    let rec = await s.generate(body.alg);
    if (!body.trusted) rec = s.setTrusted(rec.kid, false);
    res.status(201).json(toDeskKey(rec, s));
  });

  router.post('/keys/import', (req, res) => {
    const body = parseInput(DeskKeyImportRequestSchema, req.body ?? {}, 'body');
    const text = body.path !== undefined ? readKeyFile(body.path) : (body.text as string);
    const candidates = parseKeyMaterial(text, { kid: body.kid, alg: body.alg });
    const s = store();
    const { added, skipped } = s.addImported(candidates, { trusted: body.trusted, origin: body.path ?? 'pasted text' });
    const notes = candidates.flatMap((c) => (c.note ? [`${c.kid}: ${c.note}`] : []));
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

  router.patch('/keys/:kid', (req, res) => {
    const { kid } = parseInput(KidParamsSchema, req.params, 'path');
    const body = parseInput(DeskKeyPatchRequestSchema, req.body ?? {}, 'body');
    const s = store();
    res.json(toDeskKey(s.setTrusted(kid, body.trusted), s));
  });

  router.delete('/keys/:kid', (req, res) => {
    const { kid } = parseInput(KidParamsSchema, req.params, 'path');
    store().remove(kid);
    res.json({ deleted: kid });
  });

  return router;
}
