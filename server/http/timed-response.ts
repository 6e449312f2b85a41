import http from 'node:http';

/**
 * The server's response class: a `ServerResponse` that notes when its head was written (the
 * first byte of the answer), for the request log's time to first byte.
 *
 * Why a class and not a per-request wrapper of `res.writeHead`: a closure assigned onto each
 * response gave every response an own property and kept the request's objects reachable from
 * it, and under load the young-generation collections that copy them cost more than the rest of
 * a forwarded request (`npm run bench:gateway`, docs/gateway.md). Written once on the prototype,
 * the note is a number field.
 *
 * @example
 * http.createServer({ ServerResponse: TimedResponse }, listener);
 */
export class TimedResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {
  /** `performance.now()` when the head was written; `null` before. */
  headAt: number | null = null;
}

// Node writes the head through `writeHead` whether it is called explicitly or implied by the
// first write (`_implicitHeader`), so this one override sees every answer's first byte.
const writeHead = http.ServerResponse.prototype.writeHead;
TimedResponse.prototype.writeHead = function (this: TimedResponse, ...args: unknown[]) {
  if (this.headAt === null) this.headAt = performance.now();
  return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
} as TimedResponse['writeHead'];

/** When `res`'s head was written (`performance.now()`), if it was and the server notes it. */
export function headWrittenAt(res: http.ServerResponse): number | null {
  return res instanceof TimedResponse ? res.headAt : null;
}
