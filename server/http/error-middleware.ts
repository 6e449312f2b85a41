import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, BadRequestError, InternalError, NotFoundError, PayloadTooLargeError } from '../errors.js';

/** body-parser's errors carry a `type`; map the ones a client can cause to 4xx. */
function fromBodyParser(err: unknown): AppError | null {
  const type = (err as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.too.large': {
      const limit = (err as { limit?: number }).limit;
      return new PayloadTooLargeError(`Request body is larger than the limit${limit ? ` of ${limit} bytes` : ''}`);
    }
    case 'entity.parse.failed':
      return new BadRequestError('Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new BadRequestError('Request body encoding is not supported; send UTF-8 JSON');
    case 'request.aborted':
      return new BadRequestError('Request was aborted by the client');
    default:
      return null;
  }
}

/**
 * The one error middleware, mounted after every route: an `AppError` becomes its status and
 * `{ detail, error_code }`; anything else is logged and answered as a bare 500 (no stack).
 */
export function errorMiddleware(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let appError = err instanceof AppError ? err : fromBodyParser(err);
    if (!appError) {
      log.error({ err, method: req.method, path: req.path }, 'unhandled error');
      appError = new InternalError('Internal server error');
    }
    for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
    res.status(appError.status).json(appError.toBody());
  };
}

/** Last route: anything unmatched is a 404 in the same envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.path}`));
};
