import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmbiguousSessionError, DatabaseBusyError, DatabaseUnavailableError, ReadOnlyDatabaseError, SessionUnreadableError } from './db/errors.js';
import { JwksFileError, KeySetError } from './auth/key-errors.js';
import { KeyMaterialError, LastTrustedKeyError } from './auth/trusted-key-errors.js';
import { StorageFullError, StorageWriteError } from './files/write-errors.js';
import type { AnyAppError, ErrorKind } from './error-kinds.js';
import { ERROR_TABLE, exitCodeOf, httpAnswerOf } from './error-table.js';
import {
  AppError,
  BadRequestError,
  ConfigError,
  ConflictError,
  CorsOriginError,
  ForbiddenError,
  HeadersTooLargeError,
  InternalError,
  NotFoundError,
  NotImplementedError,
  NotImplementedLocallyError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.js';
import { errorMiddleware } from './http/error-middleware.js';
import { ErrorBodySchema } from './http/schemas.js';
import { UpstreamTimeoutError, UpstreamUnavailableError } from './upstream-errors.js';

/** One instance of every kind; the mapped type makes a new kind without a sample a compile error. */
const SAMPLES: { [K in ErrorKind]: () => Extract<AnyAppError, { code: K }> } = {
  BAD_REQUEST: () => new BadRequestError('Request body is not valid JSON'),
  CORS_ORIGIN_NOT_ALLOWED: () => new CorsOriginError('https://evil.example'),
  NOT_IMPLEMENTED: () => new NotImplementedError('rundesk stores and serves runs; it does not run agents'),
  NOT_IMPLEMENTED_LOCALLY: () => new NotImplementedLocallyError('POST /knowledge/search', 'set upstream.url to your AgentOS to forward this route'),
  UNAUTHENTICATED: () => new UnauthenticatedError('Token has expired', 'expired'),
  FORBIDDEN: () => new ForbiddenError('Insufficient scopes', ['agents:read']),
  NOT_FOUND: () => new NotFoundError('Session with ID s1 not found'),
  CONFLICT: () => new ConflictError('A key with kid k1 already exists'),
  READ_ONLY_DATABASE: () => new ReadOnlyDatabaseError('agents'),
  SESSION_AMBIGUOUS: () => new AmbiguousSessionError('pdup', [{ user_id: 'alice', session_type: 'agent' }, { user_id: 'bob', session_type: 'agent' }]),
  LAST_TRUSTED_KEY: () => new LastTrustedKeyError('rs256-1', 'RS256', '/data/keys/trusted.jwks.json'),
  REQUEST_TIMEOUT: () => new RequestTimeoutError('The request was not received in time'),
  PAYLOAD_TOO_LARGE: () => new PayloadTooLargeError('Request body is larger than the limit'),
  UNSUPPORTED_MEDIA_TYPE: () => new UnsupportedMediaTypeError('Send application/json'),
  VALIDATION_ERROR: () => new ValidationError('Invalid query', [{ path: 'query.type', message: 'bad type' }]),
  HEADERS_TOO_LARGE: () => new HeadersTooLargeError('Request headers are too large'),
  CONFIG_ERROR: () => new ConfigError('key index /tmp/keys.json is not valid JSON'),
  INTERNAL_SERVER_ERROR: () => new InternalError('secret internals at /home/me'),
  DATABASE_UNAVAILABLE: () => new DatabaseUnavailableError('agents', '/tmp/agents.db', 'database disk image is malformed'),
  DATABASE_BUSY: () => new DatabaseBusyError('agents', 1),
  INSUFFICIENT_STORAGE: () => new StorageFullError('/data/settings.json', 'ENOSPC'),
  STORAGE_WRITE_FAILED: () => new StorageWriteError('/data/settings.json', 'EROFS'),
  SESSION_UNREADABLE: () => new SessionUnreadableError('agents', 's1', 'the runs value is not JSON (extra data at position 3)'),
  INVALID_KEY_MATERIAL: () => new KeyMaterialError('pem[0]', 'encrypted private keys are not supported; import the public key instead'),
  INVALID_KEY_SET: () => new KeySetError('not_a_key_set'),
  JWKS_FILE_UNUSABLE: () => new JwksFileError('/data/keys/trusted.jwks.json', 'is not valid JSON'),
  UPSTREAM_UNAVAILABLE: () => new UpstreamUnavailableError('http://127.0.0.1:7778', 'ECONNREFUSED'),
  UPSTREAM_TIMEOUT: () => new UpstreamTimeoutError('http://127.0.0.1:7778', 300),
};

/**
 * The contract clients rely on, written out rather than read from the table: changing a status
 * or exit code must change this test too.
 */
const EXPECTED: Record<ErrorKind, { status: number; exit: number; headers?: Record<string, string>; detail?: string; extra?: object }> = {
  BAD_REQUEST: { status: 400, exit: 1 },
  CORS_ORIGIN_NOT_ALLOWED: { status: 400, exit: 1, detail: 'Disallowed CORS origin' },
  NOT_IMPLEMENTED: { status: 501, exit: 69 },
  NOT_IMPLEMENTED_LOCALLY: { status: 501, exit: 69, extra: { route: 'POST /knowledge/search' } },
  UNAUTHENTICATED: { status: 401, exit: 1, headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="Token has expired"' } },
  FORBIDDEN: { status: 403, exit: 1 },
  NOT_FOUND: { status: 404, exit: 1 },
  CONFLICT: { status: 409, exit: 1 },
  READ_ONLY_DATABASE: { status: 409, exit: 1 },
  SESSION_AMBIGUOUS: { status: 409, exit: 1, extra: { session_id: 'pdup', user_ids: ['alice', 'bob'], session_types: ['agent'] } },
  LAST_TRUSTED_KEY: { status: 409, exit: 1 },
  REQUEST_TIMEOUT: { status: 408, exit: 1 },
  PAYLOAD_TOO_LARGE: { status: 413, exit: 1 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, exit: 1 },
  VALIDATION_ERROR: { status: 422, exit: 2, extra: { issues: [{ path: 'query.type', message: 'bad type' }] } },
  HEADERS_TOO_LARGE: { status: 431, exit: 1 },
  CONFIG_ERROR: { status: 500, exit: 1 },
  INTERNAL_SERVER_ERROR: { status: 500, exit: 70, detail: 'Internal server error' },
  DATABASE_UNAVAILABLE: { status: 503, exit: 69 },
  DATABASE_BUSY: { status: 503, exit: 75, headers: { 'retry-after': '1' } },
  INSUFFICIENT_STORAGE: { status: 507, exit: 73 },
  STORAGE_WRITE_FAILED: { status: 503, exit: 74 },
  SESSION_UNREADABLE: { status: 422, exit: 65, extra: { db_id: 'agents', session_id: 's1' } },
  INVALID_KEY_MATERIAL: {
    status: 422,
    exit: 65,
    extra: { issues: [{ path: 'pem[0]', message: 'encrypted private keys are not supported; import the public key instead' }] },
  },
  INVALID_KEY_SET: { status: 422, exit: 65 },
  JWKS_FILE_UNUSABLE: { status: 500, exit: 1 },
  UPSTREAM_UNAVAILABLE: { status: 502, exit: 69, extra: { upstream_url: 'http://127.0.0.1:7778' } },
  UPSTREAM_TIMEOUT: { status: 504, exit: 75, extra: { upstream_url: 'http://127.0.0.1:7778' } },
};

let server: http.Server;
let baseUrl: string;
let thrown: unknown;

beforeAll(async () => {
  const app = express();
  app.get('/throw', () => {
    throw thrown;
  });
  app.use(errorMiddleware(pino({ enabled: false })));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function answerTo(err: unknown) {
  thrown = err;
  const res = await fetch(`${baseUrl}/throw`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the error table', () => {
  it('has a row, a sample and an expectation for exactly the same kinds', () => {
    expect(Object.keys(ERROR_TABLE).sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('When /openapi.json documents the error body, then each field beyond detail and error_code is one some kind answers', () => {
    const answered = new Set(Object.values(SAMPLES).flatMap((sample) => Object.keys(httpAnswerOf(sample()).body)));
    const documented = Object.keys(ErrorBodySchema.shape);
    expect(documented.filter((field) => !answered.has(field))).toEqual([]);
  });

  for (const kind of Object.keys(SAMPLES) as ErrorKind[]) {
    it(`answers ${kind} over HTTP with its status, error_code and headers, and exits the CLI with its code`, async () => {
      const err = SAMPLES[kind]();
      const want = EXPECTED[kind];
      expect(err.code).toBe(kind);
      expect(err).toBeInstanceOf(AppError);
      // No kind carries an HTTP status of its own: the table is the only place that knows it.
      expect(Object.keys(err)).not.toContain('status');
      const res = await answerTo(err);
      expect(res.status).toBe(want.status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = JSON.parse(res.text) as Record<string, unknown>;
      expect(body).toEqual({ detail: want.detail ?? err.message, error_code: kind, ...want.extra });
      for (const [name, value] of Object.entries(want.headers ?? {})) expect(res.headers.get(name)).toBe(value);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(exitCodeOf(err)).toBe(want.exit);
      expect(httpAnswerOf(err).status).toBe(want.status);
    });
  }

  it('answers a missing token with a bare Bearer challenge', async () => {
    const res = await answerTo(new UnauthenticatedError('Authorization header required', 'missing'));
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers an AppError of a kind with no row as a generic 500, not with its message', async () => {
    class StrayError extends AppError {
      readonly code = 'STRAY';
    }
    const res = await answerTo(new StrayError('secret detail'));
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({ detail: 'Internal server error', error_code: 'INTERNAL_SERVER_ERROR' });
    expect(exitCodeOf(new StrayError('x'))).toBe(70);
  });
});

describe('errors from Express and Node', () => {
  const withStatus = (e: Error, fields: Record<string, unknown>) => Object.assign(e, fields);
  const cases: [string, () => unknown, number, string][] = [
    ['a URIError from the router', () => withStatus(new URIError("Failed to decode param '%ZZ'"), { status: 400, statusCode: 400 }), 400, 'BAD_REQUEST'],
    ['a zlib error from body-parser', () => withStatus(new Error('incorrect header check'), { status: 400, code: 'Z_DATA_ERROR', expose: true }), 400, 'BAD_REQUEST'],
    ['an unparsable body', () => withStatus(new SyntaxError('Unexpected token'), { status: 400, type: 'entity.parse.failed' }), 400, 'BAD_REQUEST'],
    ['a body over the limit', () => withStatus(new Error('request entity too large'), { status: 413, type: 'entity.too.large', limit: 10 }), 413, 'PAYLOAD_TOO_LARGE'],
    ['an unsupported Content-Encoding', () => withStatus(new Error('unsupported content encoding "x"'), { status: 415, type: 'encoding.unsupported' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['an unsupported charset', () => withStatus(new Error('unsupported charset "X"'), { status: 415, type: 'charset.unsupported' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a bare 413 of unknown type', () => withStatus(new Error('too big'), { status: 413 }), 413, 'PAYLOAD_TOO_LARGE'],
    ['a bare 415 of unknown type', () => withStatus(new Error('nope'), { statusCode: 415 }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['an unknown error', () => new RangeError('Maximum call stack size exceeded'), 500, 'INTERNAL_SERVER_ERROR'],
    ['an error claiming a 5xx status', () => withStatus(new Error('socket hang up at /srv/app.js:1:1'), { status: 502 }), 500, 'INTERNAL_SERVER_ERROR'],
    ['a thrown non-error', () => 'just a string', 500, 'INTERNAL_SERVER_ERROR'],
  ];
  for (const [name, make, status, code] of cases) {
    it(`answers ${name} with ${status} ${code} and no echo of its message or stack`, async () => {
      const err = make();
      const res = await answerTo(err);
      expect(res.status).toBe(status);
      const body = JSON.parse(res.text) as { detail: string; error_code: string };
      expect(body.error_code).toBe(code);
      expect(Object.keys(body).sort()).toEqual(['detail', 'error_code']);
      if (err instanceof Error) expect(body.detail).not.toContain(err.message);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });
  }
});
