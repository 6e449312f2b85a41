import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { httpAnswerOf } from '../error-table.js';
import { errorKindOf } from './pipeline.js';
import {
  AppError,
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../errors.js';

/** body-parser's errors carry a `type`; the ones a client can cause become a kind with our own detail. */
function fromBodyParser(type: unknown, err: { limit?: unknown }): AppError | null {
  switch (type) {
    case 'entity.too.large':
      return new PayloadTooLargeError(`Request body is larger than the limit${typeof err.limit === 'number' ? ` of ${err.limit} bytes` : ''}`);
    case 'entity.parse.failed':
      return new BadRequestError('Request body is not valid JSON');
    case 'encoding.unsupported':
      return new UnsupportedMediaTypeError('Request body Content-Encoding is not supported; send identity, gzip, deflate or br');
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Request body charset is not supported; send UTF-8 JSON');
    case 'request.aborted':
      return new BadRequestError('Request was aborted by the client');
    case 'request.size.invalid':
      return new BadRequestError('Request body is shorter or longer than its Content-Length');
    default:
      return null;
  }
}

/**
 * Express, its router and body-parser report client mistakes as errors carrying a 4xx `status`
 * (http-errors). Map them to our kinds by status and type, never by message, and never echo
 * their message: it can quote the request (`Failed to decode param '%ZZ'`).
 */
export function fromExpressError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; code?: unknown; limit?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
  if (status === null || status < 400 || status > 499) return null;
  const byType = fromBodyParser(e.type, e);
  if (byType) return byType;
  if (err instanceof URIError) return new BadRequestError('Request URL has malformed percent-encoding');
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) {
    return new BadRequestError('Request body does not match its Content-Encoding');
  }
  switch (status) {
    case 404:
      return new NotFoundError('Not found');
    case 413:
      return new PayloadTooLargeError('Request body is too large');
    case 415:
      return new UnsupportedMediaTypeError('Request body format is not supported');
    default:
      return new BadRequestError('Bad request');
  }
}

/** Writes an error as its status, headers and `{ detail, error_code }` body. */
export function sendError(res: Response, err: AppError): void {
  const answer = httpAnswerOf(err);
  res.status(answer.status).set(answer.headers).json(answer.body);
}

/**
 * The one error middleware, mounted after every route: an `AppError` (or an Express/Node error
 * carrying a 4xx status) becomes its kind's answer from the edge table; anything else is
 * logged and answered as a JSON 500 with no stack.
 */
export function errorMiddleware(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    sendError(res, errorKindOf(err, fromExpressError, log, { method: req.method, path: req.path }));
  };
}

/** Last route: anything unmatched is a 404 in the same envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.path}`));
};
