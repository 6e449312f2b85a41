import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Pages draw their controls with the kit (`Button`, `IconButton`, `PlainButton`, `Chip`,
 * `Segment`, `Tabs`, ...), so a button's type, focus ring and look are decided in one place.
 * A raw `<button` outside `components/` is named here, file and line.
 */
const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const KIT = path.join(SRC, 'components');

function pageModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full === KIT ? [] : pageModules(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** `file:line` of every raw `<button` element in `text`. */
export function rawButtons(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (/<button[\s>/]|<button$/.test(line) ? [`${file}:${i + 1}`] : []));
}

describe('the UI kit', () => {
  it('When a page draws a button, Then it is a kit component: no raw <button outside components/', () => {
    const found = pageModules(SRC).flatMap((f) => rawButtons(path.relative(SRC, f), fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('When a module holds a raw button, on one line or spread over several, Then the check names its line', () => {
    const text = ['<PlainButton onClick={go}>ok</PlainButton>', '<button type="button" onClick={go}>', '<div>', '  <button', '    type="button"', '<button>x</button>'].join('\n');
    expect(rawButtons('features/x/Page.tsx', text)).toEqual(['features/x/Page.tsx:2', 'features/x/Page.tsx:4', 'features/x/Page.tsx:6']);
  });
});
