import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpAnswerOf } from '../error-table.js';
import { BadRequestError, HeadersTooLargeError, RequestTimeoutError, type AppError } from '../errors.js';

/** Node's `maxHeaderSize` for the server: identity providers' tokens with many groups get big. */
export const MAX_HEADER_BYTES = 256 * 1024;

function kindOf(err: NodeJS.ErrnoException): AppError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HeadersTooLargeError(`Request headers are larger than ${MAX_HEADER_BYTES / 1024} KB`);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeoutError('The request was not received in time');
    default:
      return new BadRequestError('Malformed HTTP request');
  }
}

/**
 * The server's `clientError` listener: requests Node's parser rejects before Express sees them
 * (headers over the limit, malformed request lines) get the same JSON error answer as any
 * other, instead of Node's bare status line. The connection is closed after it.
 *
 * @example
 * server.on('clientError', answerClientError);
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, headers, body } = httpAnswerOf(kindOf(err));
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}
