import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { parseKeySet } from './jwk-set.js';
import { JwksFile } from './jwks-file.js';
import { JwksFileError, KeySetError } from './key-errors.js';

const made: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

function tempFile(name: string, text: string | null): string {
  const dir = makeTempDir('rundesk-key-errors-');
  made.push(dir);
  const file = path.join(dir.dir, name);
  if (text !== null) fs.writeFileSync(file, text);
  return file;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('JWKS failures as kinds', () => {
  it.each([
    ['{"keys":', 'not_json', 'is not valid JSON'],
    ['[]', 'not_a_key_set', 'is not a JWKS document (an object with a "keys" array)'],
    ['{"keys":{}}', 'not_a_key_set', 'is not a JWKS document (an object with a "keys" array)'],
  ])('When the text is %s, then parsing throws INVALID_KEY_SET with problem %s and its clause', async (text, problem, clause) => {
    const err = await failureOf(parseKeySet(text, 'RS256'));
    expect(err).toBeInstanceOf(KeySetError);
    expect(err).toMatchObject({ code: 'INVALID_KEY_SET', problem, clause });
  });

  it('When a document has no usable key, then it is an empty set, not a failure', async () => {
    await expect(parseKeySet('{"keys":[{"kty":"oct","k":"c2VjcmV0","use":"enc"}]}', 'RS256')).resolves.toMatchObject({ keys: [] });
  });

  it.each([
    ['missing', null, 'does not exist'],
    ['not JSON', 'nope', 'is not valid JSON'],
    ['not a key set', '{"kids":[]}', 'is not a JWKS document (an object with a "keys" array)'],
  ])('When the jwks_file is %s, then opening it fails with a CONFIG_ERROR caused by JWKS_FILE_UNUSABLE with path and reason', async (_what, text, reason) => {
    const file = tempFile('trusted.jwks.json', text);
    const err = await failureOf(JwksFile.open(file, 'RS256', { checkIntervalMs: 0, log: () => {} }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toMatchObject({ message: `auth.jwks_file ${file} ${reason}`, issues: [{ path: 'auth.jwks_file', message: reason }] });
    const cause = (err as ConfigError).cause;
    expect(cause).toBeInstanceOf(JwksFileError);
    expect(cause).toMatchObject({ code: 'JWKS_FILE_UNUSABLE', path: file, reason });
  });

  it('When a served jwks_file goes bad, then its last error is the kind reason and the last good set stays', async () => {
    const file = tempFile('trusted.jwks.json', '{"keys":[]}');
    const logged: string[] = [];
    const jwks = await JwksFile.open(file, 'RS256', { checkIntervalMs: 0, log: (m) => logged.push(m) });
    fs.writeFileSync(file, '{"keys": [oops');
    expect(await jwks.refresh(true)).toBe(false);
    expect(jwks.status().lastError).toBe('is not valid JSON');
    expect(logged.at(-1)).toBe(`auth.jwks_file ${file} is not valid JSON; keeping the last good key set (0 key(s))`);
  });
});
