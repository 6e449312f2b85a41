import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { toFieldIssues, formatIssues } from '../settings/load.js';

/**
 * Parses request input with its schema; a mismatch is a 422 whose detail and `issues` name
 * each bad field (e.g. `query.type: Invalid option: expected one of "agent"|"team"|"workflow"`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'query' | 'body' | 'path'): z.output<S> {
  if (where === 'query') refuseBracketForms(schema, value);
  const result = schema.safeParse(where === 'query' ? withoutEmptyValues(value) : value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error, where);
  throw new ValidationError(formatIssues(issues), issues);
}

/**
 * AgentOS (FastAPI) reads `?db_id=` as "not given", and its clients send empty values for
 * unknown ones (agent-ui's `db_id=` before it knows a database), so an empty query value is
 * absent here too — except where AgentOS reads the empty text itself: `type=` is not one of the
 * enum's values (422), and `user_id=` is the empty user, whose rows are none.
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([k, v]) => v !== '' || KEPT_WHEN_EMPTY.has(k)));
}

const KEPT_WHEN_EMPTY: ReadonlySet<string> = new Set(['type', 'user_id']);

/**
 * A query parameter written in a bracket form — `around[]=r1`, `parent_run_id[x]=r1` — is not
 * that parameter: the query parser keeps it under its own key, which the schema would ignore,
 * so the route would answer as if the filter were absent (the whole run list). A bracket form of
 * a parameter the route reads is a 422 naming it instead; one of an unknown name stays ignored,
 * as any unknown parameter is.
 */
function refuseBracketForms(schema: z.ZodType, query: unknown): void {
  const shape = (schema as { shape?: unknown }).shape;
  if (query === null || typeof query !== 'object' || shape === null || typeof shape !== 'object') return;
  const issues = Object.keys(query)
    .map((key) => ({ key, name: key.slice(0, key.indexOf('[')) }))
    .filter(({ key, name }) => key.includes('[') && Object.hasOwn(shape, name))
    .map(({ key, name }) => ({ path: `query.${name}`, message: `one plain value expected (${key}= is not read)` }));
  if (issues.length > 0) throw new ValidationError(formatIssues(issues), issues);
}
