import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from './gen-api-types.js';

describe('renderer/src/api-types/openapi.gen.ts', () => {
  it('When regenerated from the server schemas, then it equals the committed file', async () => {
    const generated = await generateApiTypes();
    const file = path.relative(process.cwd(), API_TYPES_FILE);
    const committed = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : null;
    expect(committed, `${file} is missing: run npm run gen:api-types`).not.toBeNull();
    // One assertion message instead of a 3,000-line diff: the fix is always the same.
    expect(
      committed === generated,
      `${file} is out of date with the server's zod schemas (server/compose/openapi-document.ts): run npm run gen:api-types and commit the result`,
    ).toBe(true);
  });
});
