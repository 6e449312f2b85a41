import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deskTokenMatches, ensureDeskToken } from './desk-credential.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-cred-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('ensureDeskToken', () => {
  it('creates a 32-byte base64url token in a 0600 file on first run and returns the same one afterwards', () => {
    const dir = tempDir();
    const token = ensureDeskToken(dir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const file = path.join(dir, 'desk-token');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureDeskToken(dir)).toBe(token);
  });

  it('replaces a damaged token file instead of trusting a short credential', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'desk-token'), 'abc\n');
    const token = ensureDeskToken(dir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.readFileSync(path.join(dir, 'desk-token'), 'utf8').trim()).toBe(token);
  });

  it('creates the data dir when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    expect(ensureDeskToken(dir)).toHaveLength(43);
  });
});

describe('deskTokenMatches', () => {
  it('accepts only the exact token', () => {
    const token = 'x'.repeat(43);
    expect(deskTokenMatches(token, token)).toBe(true);
    expect(deskTokenMatches(token, `${token}y`)).toBe(false);
    expect(deskTokenMatches(token, token.slice(1))).toBe(false);
    expect(deskTokenMatches(token, '')).toBe(false);
    expect(deskTokenMatches(token, undefined)).toBe(false);
    expect(deskTokenMatches(token, 'y'.repeat(5000))).toBe(false);
  });
});
