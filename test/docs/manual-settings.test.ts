import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthLayer } from '../../server/auth/index.js';
import { ensureLocalKeys } from '../../server/api/desk/keys/store.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../../server/api/platform/platform-routes.js';
import { readSettingsFile } from '../../server/settings/load.js';
import { manualPages } from './manual.js';

/**
 * Every settings example in the README and the manual (docs/*.md), pasted as a whole settings file into a data folder,
 * must load and give a working auth layer (a snippet that only works merged into other
 * settings says so, and is not a ```json block of settings keys).
 */
const SETTINGS_KEYS = new Set(['os_id', 'server', 'auth', 'databases', 'default_database', 'cors_allowed_origins']);

function settingsSnippets(file: string, markdown: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const re = /```json\n([\s\S]*?)```/g;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    const text = m[1]!;
    let value: unknown;
    try {
      value = JSON.parse(text.replaceAll('<data-dir>', '/data-dir'));
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => SETTINGS_KEYS.has(k))) out.push({ where: `${file}:${markdown.slice(0, m.index).split('\n').length}`, text });
  }
  return out;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('settings examples of the manual', () => {
  const snippets = manualPages().flatMap((p) => settingsSnippets(p.file, p.text));

  it('finds the examples (the database, PostgreSQL and identity-provider ones among them)', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(8);
    expect(snippets.filter((s) => s.text.includes('"databases"')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(snippets.map((s) => [s.where, s.text] as const))('the example at %s works pasted as a whole settings.json', async (_where, text) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-readme-'));
    dirs.push(dataDir);
    await ensureLocalKeys(dataDir);
    const file = path.join(dataDir, 'settings.json');
    fs.writeFileSync(file, text.replaceAll('<data-dir>', dataDir));
    const { settings } = readSettingsFile(file, { TEAM_DB_URL: 'postgresql://ada@127.0.0.1:5432/agents' });
    const layer = await createAuthLayer(settings.auth, { osId: settings.os_id, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS });
    layer.close();
  });
});
