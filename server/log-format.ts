import type { Writable } from 'node:stream';

/**
 * How log lines look: JSON lines for pipes and files (what log tools read), short human lines
 * on a terminal (as uvicorn prints them), unless `RUNDESK_LOG_FORMAT` says `json` or `human`.
 */
export function logFormatFor(stream: { isTTY?: boolean | undefined }, env: NodeJS.ProcessEnv): 'json' | 'human' {
  const asked = env.RUNDESK_LOG_FORMAT;
  if (asked === 'json' || asked === 'human') return asked;
  return stream.isTTY ? 'human' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * One JSON log line as a human line: `INFO   GET /sessions → 200 (3 ms)` for a request,
 * `WARN   <message>` for anything else. A line that is not JSON is passed through.
 *
 * @example
 * humanLine('{"level":30,"req":{"method":"GET","url":"/health"},"res":{"statusCode":200},"responseTime":2,"msg":"request completed"}')
 * // 'INFO   GET /health → 200 (2 ms)'
 */
export function humanLine(json: string): string {
  let entry: Record<string, any>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.replace(/\n$/, '');
  }
  const level = (LEVELS[entry.level] ?? String(entry.level ?? '')).padEnd(6);
  if (entry.req && typeof entry.req === 'object') {
    const status = entry.res?.statusCode ?? '—';
    const aborted = entry.msg === 'request aborted' ? ' aborted' : '';
    const error = entry.err?.message ? ` ${entry.err.message}` : '';
    return `${level} ${entry.req.method} ${entry.req.url} → ${status}${aborted} (${entry.responseTime ?? '?'} ms)${error}`;
  }
  return `${level} ${entry.msg ?? ''}`;
}

/** A pino destination that writes each line through `humanLine` to `out`. */
export function humanDestination(out: Writable | NodeJS.WritableStream): { write(line: string): boolean } {
  return {
    write(line: string): boolean {
      let ok = true;
      for (const one of line.split('\n')) if (one !== '') ok = out.write(`${humanLine(one)}\n`);
      return ok;
    },
  };
}
