import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's import graph, read with the TypeScript compiler's own import scanner: every
 * relative import of every non-test module under `server/`. Type-only imports count too — a
 * cycle of types is still two modules that cannot be understood apart.
 */
const ROOT = path.dirname(new URL(import.meta.url).pathname);

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modules(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(ROOT)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles
      .map((f) => f.fileName)
      .filter((n) => n.startsWith('.'))
      .map((n) => path.resolve(path.dirname(file), n.replace(/\.js$/, '.ts')))
      .filter((n) => fs.existsSync(n));
    graph.set(path.relative(ROOT, file), [...new Set(deps.map((d) => path.relative(ROOT, d)))]);
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * The layers of the HTTP surface, lowest first: the shared HTTP kit (`http/`: route objects,
 * the Express and quick-path compilers, middleware, the OpenAPI derivation), the API areas
 * (`api/<area>/`: routes, schemas, use cases and presenters, the desk among them), the
 * composition root (`compose/`) that mounts them all, and `server.ts`, which starts it. A module
 * may import from its own layer or a lower one, never a higher one, so no layer reaches back into
 * one that imports it.
 */
const LAYERS = ['http/', 'api/', 'compose/', 'server.ts'] as const;

function layerOf(module: string): number {
  return LAYERS.findIndex((l) => (l.endsWith('/') ? module.startsWith(l) : module === l));
}

/** Every import from a layer into a higher one, as `from → to`. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, deps] of graph) {
    const own = layerOf(from);
    if (own < 0) continue;
    for (const to of deps) if (layerOf(to) > own) out.push(`${from} → ${to}`);
  }
  return out.sort();
}

describe('the server import graph', () => {
  it('When read, then it has no cycle', () => {
    expect(cycles(importGraph()).map((c) => c.join(' → '))).toEqual([]);
  });

  it('When read, then no module of http/ or api/ imports from a layer above its own', () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });

  it('When a kit module imports the desk, then the layer check names that import', () => {
    const graph = new Map([
      ['http/cors.ts', ['api/desk/guard.ts', 'http/security-headers.ts']],
      ['http/openapi-paths.ts', ['api/desk/openapi.ts', 'http/route.ts']],
      ['api/desk/router.ts', ['http/validate.ts', 'http/output-side.ts', 'compose/app.ts']],
      ['compose/app.ts', ['api/desk/router.ts', 'http/cors.ts']],
      ['db/registry.ts', ['errors.ts']],
    ]);
    expect(upwardImports(graph)).toEqual(['api/desk/router.ts → compose/app.ts', 'http/cors.ts → api/desk/guard.ts', 'http/openapi-paths.ts → api/desk/openapi.ts']);
  });
});
