import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of server/ and renderer/src/, read with the TypeScript compiler's own import
 * scanner: every relative import of every non-test module. Type-only imports count too — a cycle
 * of types is still two modules that cannot be understood apart. Tests are left out: a test may
 * reach for a harness above the code it tests.
 */
const SERVER = path.dirname(new URL(import.meta.url).pathname);
const RENDERER = path.resolve(SERVER, '../renderer/src');

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modules(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The module an import names: `.js` written for a `.ts` file (server), or no extension (renderer). */
function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.js$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(c) && fs.existsSync(c)) return c;
  }
  return null;
}

/** File → the files it imports, as paths relative to `root` (imports leaving `root` are left out). */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(root)) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles
      .map((f) => f.fileName)
      .filter((n) => n.startsWith('.'))
      .flatMap((n) => resolveImport(file, n) ?? [])
      .filter((n) => n.startsWith(root + path.sep));
    graph.set(path.relative(root, file), [...new Set(deps.map((d) => path.relative(root, d)))]);
  }
  return graph;
}

/**
 * The unit a module belongs to for the layer check: a file at the root stands alone
 * (`errors.ts`), a module in one of the `split` folders belongs to its sub-folder
 * (`api/traces/`), any other to its top folder with everything below it (`db/`).
 */
function unitOf(module: string, split: readonly string[]): string {
  const parts = module.split(/[\\/]/);
  if (parts.length === 1) return parts[0]!;
  if (split.includes(`${parts[0]}/`) && parts.length > 2) return `${parts[0]}/${parts[1]}/`;
  return `${parts[0]}/`;
}

/** Unit → the units it imports (itself left out), with one file-level import as the example of each. */
function unitGraph(graph: Map<string, string[]>, split: readonly string[]): Map<string, Map<string, string>> {
  const units = new Map<string, Map<string, string>>();
  for (const [from, deps] of graph) {
    const u = unitOf(from, split);
    const out = units.get(u) ?? new Map<string, string>();
    units.set(u, out);
    for (const to of deps) {
      const v = unitOf(to, split);
      if (v !== u && !out.has(v)) out.set(v, `${from} → ${to}`);
    }
  }
  return units;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(graph: Map<string, Iterable<string>>): string[][] {
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

type Layers = readonly (readonly string[])[];

/**
 * Every import that does not run down: from a unit into one on its own layer or a higher one,
 * as `from-unit → to-unit (file → file)`; and every unit no layer names, as `unplaced: unit`.
 */
function layerViolations(units: Map<string, Map<string, string>>, layers: Layers): string[] {
  const layerOf = new Map<string, number>();
  layers.forEach((layer, i) => layer.forEach((u) => layerOf.set(u, i)));
  const out: string[] = [];
  for (const [u, deps] of units) {
    const own = layerOf.get(u);
    if (own === undefined) {
      out.push(`unplaced: ${u}`);
      continue;
    }
    for (const [v, example] of deps) {
      const their = layerOf.get(v);
      if (their === undefined || their >= own) out.push(`${u} → ${v} (${example})`);
    }
  }
  return out.sort();
}

/** Sub-folders of these are units of their own: the API areas. */
const SERVER_SPLIT = ['api/'] as const;

/**
 * The server's layers, lowest first. A unit imports only from layers below its own — never a
 * sibling on its layer, never a layer above — so the layers can be read bottom-up and there is
 * no circle between folders. A new folder (or root file) must be given its layer here.
 *
 * - the base: error classes, JSON text, logging, the Agno formats, the cache structures;
 * - files and the settings file; the auth core; one access scope; the stores (`db/`);
 * - the error kinds and their table; the search index of runs; the per-server runtime and its caches;
 * - the HTTP kit (`http/`: route objects, the Express and quick-path compilers, middleware, the
 *   OpenAPI derivation, the desk credential guard);
 * - what the platform-data areas share (`api/common/`: paging, selectors), then the API areas
 *   (`api/<area>/`), lower areas first where one builds on another;
 * - the composition root (`compose/`), the server that starts it, the CLI and the test harness.
 */
const SERVER_LAYERS: Layers = [
  ['errors.ts', 'json-text.ts', 'freeze-deep.ts', 'request-slot.ts', 'log-format.ts', 'version.ts', 'server-types.ts', 'agno-format/', 'caches/'],
  ['files/', 'data-folder.ts', 'upstream-errors.ts', 'logging.ts'],
  ['settings/'],
  ['auth/'],
  ['access/'],
  ['db/'],
  ['error-kinds.ts', 'search-index/'],
  ['error-table.ts', 'runtime/'],
  ['http/'],
  ['api/common/'],
  ['api/sessions/', 'api/search/', 'api/memories/', 'api/evals/', 'api/metrics/', 'api/knowledge/', 'api/upstream/'],
  ['api/traces/'],
  ['api/platform/'],
  ['api/desk/'],
  ['compose/'],
  ['server.ts'],
  ['cli/', 'testing/'],
];

/** Sub-folders of these are units of their own. */
const RENDERER_SPLIT = ['features/', 'workbench/'] as const;

/**
 * The renderer's layers, lowest first, by the same rule: styles and the desktop bridge; the API's
 * shapes (`api-types/`: the generated document types and the UI's names for them); the small
 * helpers (`lib/`, URL locations included); who is acting (`auth/`); the API clients and their
 * queries (`api/`); the UI kit (`components/`); the pages of each feature and of the workbench,
 * a page that shows another's pieces above it; the shell (`app/`) that routes to them; the entry
 * and the test harness.
 */
const RENDERER_LAYERS: Layers = [
  ['styles/', 'platform/'],
  ['api-types/'],
  ['lib/'],
  ['auth/'],
  ['api/'],
  ['components/'],
  ['features/errors/', 'workbench/databases/', 'workbench/keys/'],
  ['features/first-run/', 'features/memories/', 'features/metrics/', 'features/traces/', 'workbench/settings/'],
  ['features/runs/', 'features/evals/', 'features/knowledge/', 'features/gateway/', 'workbench/tokens/'],
  ['features/sessions/'],
  ['workbench/'],
  ['app/'],
  ['main.tsx', 'testing/'],
];

describe('the server import graph', () => {
  const units = unitGraph(importGraph(SERVER), SERVER_SPLIT);

  it('When read file by file, then it has no cycle', () => {
    expect(cycles(importGraph(SERVER)).map((c) => c.join(' → '))).toEqual([]);
  });

  it('When read folder by folder, then it has no cycle', () => {
    expect(cycles(new Map([...units].map(([u, deps]) => [u, deps.keys()]))).map((c) => c.join(' ⇄ '))).toEqual([]);
  });

  it('When read folder by folder, then every folder has a layer and imports only from layers below it', () => {
    expect(layerViolations(units, SERVER_LAYERS)).toEqual([]);
  });

  it('When the layers are listed, then each unit is named once', () => {
    const named = SERVER_LAYERS.flat();
    expect(named.length).toBe(new Set(named).size);
  });
});

describe('the renderer import graph', () => {
  const units = unitGraph(importGraph(RENDERER), RENDERER_SPLIT);

  it('When read folder by folder, then it has no cycle', () => {
    expect(cycles(new Map([...units].map(([u, deps]) => [u, deps.keys()]))).map((c) => c.join(' ⇄ '))).toEqual([]);
  });

  it('When read folder by folder, then every folder has a layer and imports only from layers below it', () => {
    expect(layerViolations(units, RENDERER_LAYERS)).toEqual([]);
  });

  it('When the layers are listed, then each unit is named once', () => {
    const named = RENDERER_LAYERS.flat();
    expect(named.length).toBe(new Set(named).size);
  });
});

describe('the layer check', () => {
  const layers: Layers = [['errors.ts', 'db/'], ['http/'], ['api/traces/', 'api/sessions/'], ['compose/']];
  const check = (edges: [string, string][]) => {
    const graph = new Map<string, string[]>();
    for (const [from, to] of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
    for (const [, to] of edges) if (!graph.has(to)) graph.set(to, []);
    return layerViolations(unitGraph(graph, ['api/']), layers);
  };

  it('When every import runs down, then it names nothing', () => {
    expect(check([['compose/app.ts', 'api/traces/routes.ts'], ['api/traces/routes.ts', 'http/route.ts'], ['http/route.ts', 'errors.ts'], ['db/store.ts', 'db/agno/x.ts']])).toEqual([]);
  });

  it('When a kit module imports an area, then the check names that import', () => {
    expect(check([['http/cors.ts', 'api/traces/routes.ts'], ['db/registry.ts', 'compose/app.ts']])).toEqual([
      'db/ → compose/ (db/registry.ts → compose/app.ts)',
      'http/ → api/traces/ (http/cors.ts → api/traces/routes.ts)',
    ]);
  });

  it('When an area imports a sibling area on its own layer, or a folder has no layer, then the check names it', () => {
    expect(check([['api/traces/routes.ts', 'api/sessions/run-body.ts'], ['cli/main.ts', 'errors.ts']])).toEqual([
      'api/traces/ → api/sessions/ (api/traces/routes.ts → api/sessions/run-body.ts)',
      'unplaced: cli/',
    ]);
  });

  it('When the server gains an import up a layer, then the server check fails on it', () => {
    const graph = importGraph(SERVER);
    graph.set('caches/bounded-lru.ts', [...(graph.get('caches/bounded-lru.ts') ?? []), 'runtime/caches.ts']);
    expect(layerViolations(unitGraph(graph, SERVER_SPLIT), SERVER_LAYERS)).toEqual([
      'caches/ → runtime/ (caches/bounded-lru.ts → runtime/caches.ts)',
    ]);
  });

  it('When the renderer gains an import up a layer, then the renderer check fails on it', () => {
    const graph = importGraph(RENDERER);
    graph.set('lib/cx.ts', [...(graph.get('lib/cx.ts') ?? []), 'app/location-probe.ts']);
    graph.set('features/runs/RunBits.tsx', [...(graph.get('features/runs/RunBits.tsx') ?? []), 'features/sessions/RunTimeline.tsx']);
    expect(layerViolations(unitGraph(graph, RENDERER_SPLIT), RENDERER_LAYERS)).toEqual([
      'features/runs/ → features/sessions/ (features/runs/RunBits.tsx → features/sessions/RunTimeline.tsx)',
      'lib/ → app/ (lib/cx.ts → app/location-probe.ts)',
    ]);
  });
});
