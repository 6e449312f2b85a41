import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { humanDestination, humanLine, logFormatFor } from './log-format.js';

describe('log format', () => {
  it('is human on a terminal and JSON for a pipe, unless RUNDESK_LOG_FORMAT says', () => {
    expect(logFormatFor({ isTTY: true }, {})).toBe('human');
    expect(logFormatFor({ isTTY: false }, {})).toBe('json');
    expect(logFormatFor({}, {})).toBe('json');
    expect(logFormatFor({ isTTY: true }, { RUNDESK_LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatFor({ isTTY: false }, { RUNDESK_LOG_FORMAT: 'human' })).toBe('human');
  });

  it('writes a request as one short line, and any other entry as its level and message', () => {
    const access = { level: 30, time: 1, name: 'rundesk', req: { method: 'GET', url: '/sessions?db_id=a' }, res: { statusCode: 200 }, responseTime: 3, msg: 'request completed' };
    expect(humanLine(JSON.stringify(access))).toBe('INFO   GET /sessions?db_id=a → 200 (3 ms)');
    const failed = { level: 50, req: { method: 'POST', url: '/x' }, res: { statusCode: 500 }, err: { message: 'boom' }, responseTime: 9, msg: 'request errored' };
    expect(humanLine(JSON.stringify(failed))).toBe('ERROR  POST /x → 500 (9 ms) boom');
    expect(humanLine(JSON.stringify({ level: 40, msg: 'removed a.tmp, left by an interrupted save' }))).toBe('WARN   removed a.tmp, left by an interrupted save');
    expect(humanLine('not json')).toBe('not json');
  });

  it('passes every line of a chunk through', () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    humanDestination(out).write(`${JSON.stringify({ level: 30, msg: 'a' })}\n${JSON.stringify({ level: 40, msg: 'b' })}\n`);
    expect(chunks.join('')).toBe('INFO   a\nWARN   b\n');
  });
});
