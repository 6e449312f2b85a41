import { pino } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

/**
 * The baselines' access log when BENCH_ACCESS_LOG=1: the same libraries and settings as
 * rundesk's (pino to stderr through its asynchronous destination, pino-http with method, URL
 * and status), so "access log on" costs the baselines what it costs a user's server.
 */
export function baselineAccessLog(): HttpLogger | null {
  if (process.env.BENCH_ACCESS_LOG !== '1') return null;
  const log = pino({ level: 'info', base: { name: 'baseline' } }, pino.destination({ fd: 2, sync: false }));
  return pinoHttp({
    logger: log,
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
