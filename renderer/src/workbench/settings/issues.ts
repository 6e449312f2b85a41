import type { FieldIssue } from '../../api-types/desk-shapes';
import { stableJson } from './draft';

/**
 * The server's issues about a settings draft (PUT's 422 and the dry run's `issues`), routed to
 * the fields that show them. The form checks nothing itself: these are its only messages.
 */

export interface RoutedIssues {
  /** Setting name → messages. */
  byField: Map<string, string[]>;
  /** Mapping key (`GET /x`) → messages, for the row editor. */
  byMapping: Map<string, string[]>;
  /** Issues that name no auth setting (shown in the summary). */
  other: FieldIssue[];
}

/**
 * Routes issues (`auth.algorithm`, `auth.scope_mappings.GET /x`, `auth.excluded_route_paths.2`)
 * to the setting among `fields` that shows them.
 */
export function routeIssues(issues: readonly FieldIssue[], fields: readonly string[]): RoutedIssues {
  const byField = new Map<string, string[]>();
  const byMapping = new Map<string, string[]>();
  const other: FieldIssue[] = [];
  const push = (m: Map<string, string[]>, k: string, v: string) => m.set(k, [...(m.get(k) ?? []), v]);
  // Longest name first, so `audience_claim` is not taken for `audience`.
  const names = [...fields].sort((a, b) => b.length - a.length);
  for (const issue of issues) {
    const path = issue.path.startsWith('auth.') ? issue.path.slice(5) : null;
    const field = path === null ? undefined : names.find((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`));
    if (path === null || field === undefined) {
      other.push(issue);
      continue;
    }
    const rest = path.slice(field.length).replace(/^[.[]/, '').replace(/\]$/, '');
    if (field === 'scope_mappings' && rest) {
      // `GET /x` or `GET /x.0` (a scope inside the list).
      const key = /^(\S+ \/\S*?)(?:\.\d+)?$/.exec(rest)?.[1] ?? rest;
      push(byMapping, key, issue.message);
      push(byField, field, `${key}: ${issue.message}`);
    } else {
      push(byField, field, rest && !/^\d+$/.test(rest) ? `${rest}: ${issue.message}` : issue.message);
    }
  }
  return { byField, byMapping, other };
}

/**
 * A dry run's issues that still apply to the draft: the answer may be about an older draft
 * (kept on screen while the next check runs), and an issue about a setting edited since then
 * is dropped rather than shown beside the new value. Issues not about one setting are kept.
 */
export function freshIssues(issues: readonly FieldIssue[], checked: Record<string, unknown>, draft: Record<string, unknown>): FieldIssue[] {
  const valueAt = (body: Record<string, unknown>, parts: string[]): unknown =>
    parts.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
  return issues.filter((issue) => {
    const [top, sub] = issue.path.split(/[.[]/);
    if (!top) return true;
    const parts = top === 'auth' ? (sub ? ['auth', sub] : null) : [top];
    return parts === null || stableJson(valueAt(checked, parts)) === stableJson(valueAt(draft, parts));
  });
}

/** `a`, then the issues of `b` that `a` does not already have. */
export function mergeIssues(a: readonly FieldIssue[], b: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set(a.map((i) => `${i.path}\n${i.message}`));
  return [...a, ...b.filter((i) => !seen.has(`${i.path}\n${i.message}`))];
}
