import { pino, type Logger } from 'pino';
import { humanDestination, logFormatFor } from './log-format.js';

/**
 * Logs to stderr by default, so stdout stays for the URLs a user or a script reads: JSON lines
 * when stderr is a pipe or a file, short human lines on a terminal (`RUNDESK_LOG_FORMAT=json`
 * or `human` decides instead). Credentials never reach a log: request serializers log method
 * and URL only.
 */
export function createLogger(target: false | NodeJS.WritableStream | undefined): Logger {
  if (target === false) return pino({ enabled: false });
  return pino(
    {
      level: process.env.RUNDESK_LOG_LEVEL ?? 'info',
      base: { name: 'rundesk' },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-desk-token"]'], remove: true },
    },
    (target ?? defaultDestination()) as pino.DestinationStream,
  );
}

function defaultDestination(): pino.DestinationStream | { write(line: string): boolean } {
  if (logFormatFor(process.stderr, process.env) === 'human') return humanDestination(process.stderr);
  return pino.destination({ fd: 2, sync: false });
}
