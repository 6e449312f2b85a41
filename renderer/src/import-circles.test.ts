import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's file-level import graph, type-only imports included (two modules that name
 * each other's types still cannot be read apart), read with TypeScript's own import scanner.
 */
const ROOT = path.dirname(new URL(import.meta.url).pathname);

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modules(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The first cycle found by depth-first search, as a list of files, or null. */
function firstCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (v: string): string[] | null => {
    state.set(v, 'open');
    trail.push(v);
    for (const w of graph.get(v) ?? []) {
      if (state.get(w) === 'open') return [...trail.slice(trail.indexOf(w)), w];
      if (!state.has(w)) {
        const found = visit(w);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(v, 'done');
    return null;
  };
  for (const v of graph.keys()) {
    if (state.has(v)) continue;
    const found = visit(v);
    if (found) return found;
  }
  return null;
}

describe('renderer import graph', () => {
  it('has no import circle between files, type-only imports included', () => {
    const graph = new Map<string, string[]>();
    for (const file of modules(ROOT)) {
      const deps = ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName)
        .filter((n) => n.startsWith('.'))
        .flatMap((n) => resolve(file, n) ?? []);
      graph.set(path.relative(ROOT, file), [...new Set(deps.map((d) => path.relative(ROOT, d)))]);
    }
    expect(firstCycle(graph)).toBeNull();
  });
});
