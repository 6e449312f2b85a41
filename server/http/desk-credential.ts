import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** File (inside the data dir) that holds the per-install desk credential. */
export const DESK_TOKEN_FILE = 'desk-token';

/** 32 random bytes, base64url: 43 characters of `[A-Za-z0-9_-]`. */
const DESK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh desk token: 32 random bytes, base64url. */
export function generateDeskToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * Returns the install's desk token, creating `<dataDir>/desk-token` (0600) on first run.
 * A file that does not hold a well-formed token (truncated, edited by hand) is replaced,
 * because a short or empty credential would be guessable.
 *
 * @example
 * const token = ensureDeskToken('/home/ada/.local/share/rundesk');
 */
export function ensureDeskToken(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DESK_TOKEN_FILE);
  const existing = readToken(file);
  if (existing) return existing;
  const token = generateDeskToken();
  try {
    // `wx`: when two processes start together, exactly one token wins and both use it.
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const raced = readToken(file);
  if (raced) return raced;
  // The file exists but is malformed: overwrite it.
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}

function readToken(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return DESK_TOKEN_PATTERN.test(text) ? text : null;
}

/**
 * Constant-time comparison of a presented credential with the expected one. Both sides are
 * hashed first so the comparison length never depends on the attacker's input.
 */
export function deskTokenMatches(expected: string, presented: string | undefined | null): boolean {
  if (typeof presented !== 'string' || presented.length === 0 || presented.length > 1024) return false;
  const a = crypto.createHash('sha256').update(expected, 'utf8').digest();
  const b = crypto.createHash('sha256').update(presented, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}
