import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualPages } from './manual.js';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    else if (!fence) {
      const m = /^#+ (.*)$/.exec(line);
      if (m) out.add(anchor(m[1]!));
    }
  }
  return out;
}

describe('links of the README and the manual', () => {
  const pages = manualPages();
  const anchors = new Map(pages.map((p) => [path.resolve(p.file), anchorsOf(p.text)]));

  it('the README stays the door (at most 400 lines) and keeps the two commands at the top', () => {
    const readme = pages.find((p) => p.file === 'README.md')!.text;
    expect(readme.split('\n').length).toBeLessThanOrEqual(401);
    const top = readme.split('\n').slice(0, 8).join('\n');
    expect(top).toContain('npm ci && npm start');
    expect(top).toContain('npm test');
  });

  it.each(pages.map((p) => [p.file, p.text] as const))('every relative link of %s names a file and heading that exist', (file, text) => {
    const broken: string[] = [];
    const prose = text.replace(/```[\s\S]*?```/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      const [rel, hash] = target.split('#') as [string, string | undefined];
      const abs = rel === '' ? path.resolve(file) : path.resolve(path.dirname(file), rel);
      if (!fs.existsSync(abs)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (hash !== undefined && abs.endsWith('.md') && !anchors.get(abs)?.has(hash)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
