import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, ext) : ext.test(e.name) ? [p] : [];
  });
}

describe('renderer styles are by component', () => {
  it('has no global stylesheet besides the tokens and the base rules', () => {
    const global = filesUnder(SRC, /\.css$/).filter((f) => !f.endsWith('.module.css'));
    expect(global.map((f) => path.relative(SRC, f)).sort()).toEqual(['styles/base.css', 'styles/tokens.css']);
  });

  it('names no class as a string: every className comes from a CSS module', () => {
    const literal = /className=(?:"[^"]*"|\{\s*['`])/;
    const offenders = filesUnder(SRC, /\.tsx$/)
      .filter((f) => !/\.test\.tsx$/.test(f))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (literal.test(line) ? [`${path.relative(SRC, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
