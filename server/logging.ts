import { pino, type Logger } from 'pino';

/**
 * Structured logs (JSON lines) to stderr by default, so stdout stays for the URLs a user or a
 * script reads. Credentials never reach a log: request serializers log method and URL only.
 */
export function createLogger(target: false | NodeJS.WritableStream | undefined): Logger {
  if (target === false) return pino({ enabled: false });
  return pino(
    {
      level: process.env.RUNDESK_LOG_LEVEL ?? 'info',
      base: { name: 'rundesk' },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-desk-token"]'], remove: true },
    },
    (target ?? pino.destination({ fd: 2, sync: false })) as pino.DestinationStream,
  );
}
