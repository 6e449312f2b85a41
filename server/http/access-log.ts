import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

export type AccessLog = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One line per request, written when the answer is finished (or the client went away): the
 * line pino-http wrote before (`req: { method, url }`, `res: { statusCode }`, `responseTime`,
 * `request completed` / `request aborted`, and `request errored` at error level for a 5xx), so
 * nothing reading the log notices a change. It is built directly from the request line rather
 * than through a per-request child logger, a request id and serializer objects, which cost more
 * than the rest of a cached run GET. Lines go to the logger's destination, which is asynchronous
 * (see logging.ts): the request never waits for the write. `null` when info lines are off.
 *
 * The URL is captured on arrival (before any router rewrites `req.url`) and passed through
 * `redact`, so credentials in query strings never reach the log.
 */
export function createAccessLog(log: Logger, redact: (url: string) => string): AccessLog | null {
  if (!log.isLevelEnabled('info')) return null;
  return (req, res) => {
    const started = Date.now();
    const method = req.method;
    const url = req.url ?? '';
    const done = (err?: Error): void => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const request = { method, url: redact(url) };
      // As pino's response serializer: no status when the headers never went out.
      const response = { statusCode: res.headersSent ? res.statusCode : null };
      const responseTime = Date.now() - started;
      if (err || res.statusCode >= 500) {
        const error = err ?? new Error(`failed with status code ${res.statusCode}`);
        log.error({ req: request, res: response, err: error, responseTime }, 'request errored');
        return;
      }
      const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
      // The UI polls the desk and /health every 2 s: its answered reads are debug lines, so a
      // terminal with a UI tab open shows what the user's agents and scripts do.
      if (isUiPoll(method, url, res.statusCode)) log.debug({ req: request, res: response, responseTime }, message);
      else log.info({ req: request, res: response, responseTime }, message);
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
  };
}

/**
 * A read the UI makes on its own (the workbench API, its pages' assets, the health poll) that
 * was answered: logged at debug. A redirect (opening the login link), a refused or a failed one
 * stays at info, as does every platform route, whoever calls it.
 */
export function isUiPoll(method: string | undefined, url: string, status: number): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  // Answered with its content (or "not modified"): a redirect (the login link) or a refusal is news.
  if (status >= 300 && status !== 304) return false;
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/health' || pathname === '/desk' || pathname.startsWith('/desk/') || pathname === '/ui' || pathname.startsWith('/ui/');
}
