import type { FieldIssue } from '../errors.js';
import { matchPath, parsePathPattern, type PathPattern } from './path-pattern.js';

/**
 * `excluded_route_paths`: requests to these paths skip token and scope checks.
 * Same matcher as scope mappings, with one convention of exclusion lists: a trailing `*`
 * segment covers everything below (`/docs/*` also excludes `/docs/assets/app.js`), as
 * if written `/docs/**`. An inner `*` is still exactly one segment.
 */
export interface ExcludedPath {
  /** As written in the settings, shown in decisions. */
  written: string;
  pattern: PathPattern;
}

export function compileExcludedPaths(paths: readonly string[]): { paths: ExcludedPath[]; issues: FieldIssue[] } {
  const out: ExcludedPath[] = [];
  const issues: FieldIssue[] = [];
  for (const [i, written] of paths.entries()) {
    const text = written.endsWith('/*') ? `${written.slice(0, -2)}/**` : written;
    const parsed = parsePathPattern(text);
    if (parsed.ok) out.push({ written, pattern: parsed.value });
    else issues.push({ path: `auth.excluded_route_paths[${i}]`, message: `"${written}" ${parsed.message}` });
  }
  return { paths: out, issues };
}

/** The first excluded path that covers `path`, or `null`. */
export function findExcludedPath(paths: readonly ExcludedPath[], path: string): ExcludedPath | null {
  return paths.find((p) => matchPath(p.pattern, path)) ?? null;
}
