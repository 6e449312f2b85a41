import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { toFieldIssues, formatIssues } from '../settings/load.js';

/**
 * Parses request input with its schema; a mismatch is a 422 whose detail and `issues` name
 * each bad field (e.g. `query.type: Invalid option: expected one of "agent"|"team"|"workflow"`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'query' | 'body' | 'path'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error, where);
  throw new ValidationError(formatIssues(issues), issues);
}
