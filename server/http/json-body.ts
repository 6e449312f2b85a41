import express, { type RequestHandler } from 'express';
import { UnsupportedMediaTypeError, ValidationError } from '../errors.js';

/**
 * How deep a JSON body may nest. Agno runs nest a handful of levels (run → messages → tool
 * calls → arguments); 10,000 levels parse fine but overflow the stack of everything recursive
 * after (JSON.stringify, the store's encoder), so the limit is checked right after parsing.
 */
export const MAX_JSON_DEPTH = 128;

/** Whether `value` nests deeper than `max` arrays/objects. Iterative: it must not overflow either. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

function hasBody(req: express.Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

export interface JsonBodyOptions {
  /** body-parser's limit, e.g. `'1mb'`. */
  limit: string;
  /**
   * Refuse a body in any other format with 415 (the desk). Otherwise such a body is left
   * unread and the route's validation reports the missing fields (the platform routes, as
   * Agno's server does).
   */
  requireJson?: boolean | undefined;
}

/**
 * express.json with the limits every JSON route needs: the size limit (413), a nesting limit
 * (422) and, for the desk, JSON only (415).
 *
 * @example
 * router.use(jsonBody({ limit: '1mb', requireJson: true }));
 */
export function jsonBody(options: JsonBodyOptions): RequestHandler {
  const types = ['application/json', 'application/*+json'];
  const parse = express.json({ limit: options.limit, type: types });
  return (req, res, next) => {
    if (options.requireJson && hasBody(req) && !req.is(types)) {
      next(new UnsupportedMediaTypeError(`Request body must be JSON (Content-Type: application/json), not ${req.headers['content-type'] ?? 'untyped'}`));
      return;
    }
    parse(req, res, (err?: unknown) => {
      if (err) {
        next(err);
        return;
      }
      if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
        next(new ValidationError(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`, [{ path: 'body', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }]));
        return;
      }
      next();
    });
  };
}
