import { PLATFORM_DEFAULT_MAPPING_KEYS } from './platform-keys.js';
import { tokenizePattern, tokensToRegex, type PatternToken } from './route-pattern.js';

export { PLATFORM_DEFAULT_MAPPING_KEYS };


interface PlatformKey {
  written: string;
  method: string;
  path: string;
  regex: RegExp | null;
}

function compileKey(written: string): PlatformKey {
  const space = written.indexOf(' ');
  const method = space === -1 ? written : written.slice(0, space);
  const path = space === -1 ? '' : written.slice(space + 1);
  let regex: RegExp | null = null;
  try {
    regex = tokensToRegex(tokenizePattern(path, false), true);
  } catch {
    regex = null;
  }
  return { written, method, path, regex };
}

/** The platform's merged table: its defaults, custom keys replacing in place or appended. */
export function platformOrder(customKeys: readonly string[]): PlatformKey[] {
  const keys = [...PLATFORM_DEFAULT_MAPPING_KEYS];
  for (const key of customKeys) if (!keys.includes(key)) keys.push(key);
  return keys.map(compileKey);
}

/**
 * The key the platform's first-match lookup picks for a request line, or `null` when none
 * matches there. Its method comparison is exact (no `*` method) and its fnmatch is
 * case-sensitive on the path as received.
 */
export function platformPick(order: readonly PlatformKey[], method: string, path: string): string | null {
  const line = `${method} ${path}`;
  const exact = order.find((k) => k.written === line);
  if (exact) return exact.written;
  return order.find((k) => k.method === method && k.regex !== null && k.regex.test(path))?.written ?? null;
}

function sampleFrom(tokens: readonly PatternToken[]): string {
  return tokens
    .map((t) => {
      if (t.kind === 'literal') return t.value;
      if (t.kind === 'any-char') return 'x';
      if (t.kind === 'class') return t.source.startsWith('!') ? '~' : (t.source[0] ?? 'x');
      return 'example-id';
    })
    .join('');
}

/**
 * For one custom rule: the rule the platform matches first where this one should apply, or
 * `null` when the platform would apply it too. "Never applies there" is said only when the
 * earlier rule covers this one's whole pattern.
 */
export function platformShadow(customKeys: readonly string[], written: string): { shadowedBy: string | null; message: string } | null {
  const order = platformOrder(customKeys);
  const self = compileKey(written);
  if (self.method === '*') {
    return { shadowedBy: null, message: 'the platform compares methods exactly and has no `*` method; this rule never decides there' };
  }
  const sample = sampleFrom(tokenizePattern(self.path, false));
  const picked = platformPick(order, self.method, sample);
  if (picked === written) return null;
  if (picked === null) return { shadowedBy: null, message: `on the platform this rule does not match \`${self.method} ${sample}\` (its \`{param}\` and letter case are matched differently)` };
  const earlier = order.findIndex((k) => k.written === picked) < order.findIndex((k) => k.written === written);
  const shadow = compileKey(picked);
  const covers = earlier && shadow.regex !== null && shadow.regex.test(self.path);
  const fix = PLATFORM_DEFAULT_MAPPING_KEYS.includes(picked) ? `; redefine \`${picked}\` to change these requests` : '';
  return {
    shadowedBy: picked,
    message: covers
      ? `on the platform, \`${picked}\` is matched first here; this rule never decides there${fix}`
      : `on the platform, \`${picked}\` is matched first for \`${self.method} ${sample}\`; this rule does not decide it there${fix}`,
  };
}
