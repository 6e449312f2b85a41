import { AppError } from './errors.js';

/**
 * The upstream AgentOS (`upstream.url`) could not be reached: refused, reset before it answered,
 * or a name that does not resolve. 502, naming the URL so the developer knows which process to start.
 */
export class UpstreamUnavailableError extends AppError {
  readonly code = 'UPSTREAM_UNAVAILABLE';
  constructor(
    readonly upstreamUrl: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The upstream AgentOS at ${upstreamUrl} is unavailable (${reason}): start it, or change upstream.url`, options);
  }
}

/** The upstream took longer than `upstream.timeout_seconds` to send its response headers. 504. */
export class UpstreamTimeoutError extends AppError {
  readonly code = 'UPSTREAM_TIMEOUT';
  constructor(
    readonly upstreamUrl: string,
    readonly seconds: number,
  ) {
    super(`The upstream AgentOS at ${upstreamUrl} did not answer within ${seconds} s (upstream.timeout_seconds); the request to it was cancelled`);
  }
}
