import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { handleChooseFile } from './ipc-handlers.js';
import { chosenPath, isTrustedSender, parseChooseFileOptions } from './ipc-validate.js';

const ORIGIN = 'http://127.0.0.1:7777';

describe('parseChooseFileOptions', () => {
  it.each([
    [undefined, {}],
    [null, {}],
    [{}, {}],
    [{ title: 'Attach' }, { title: 'Attach' }],
    [{ filters: [{ name: 'SQLite', extensions: ['db', 'sqlite3'] }] }, { filters: [{ name: 'SQLite', extensions: ['db', 'sqlite3'] }] }],
    [{ filters: [{ name: 'All', extensions: ['*'] }] }, { filters: [{ name: 'All', extensions: ['*'] }] }],
  ])('When given %j, Then it is accepted as %j', (input, expected) => {
    expect(parseChooseFileOptions(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['a string', 'C:\\\\Windows'],
    ['an array', [{ title: 'x' }]],
    ['a number', 42],
    ['an unknown key', { title: 'x', defaultPath: '/etc' }],
    ['an unknown key that could widen the dialog', { properties: ['openDirectory', 'multiSelections'] }],
    ['a prototype-polluting key', JSON.parse('{"__proto__": {"title": "x"}}')],
    ['a non-string title', { title: 42 }],
    ['an overlong title', { title: 'x'.repeat(201) }],
    ['filters that are not an array', { filters: { name: 'x', extensions: ['db'] } }],
    ['too many filters', { filters: Array.from({ length: 11 }, () => ({ name: 'x', extensions: ['db'] })) }],
    ['a filter without a name', { filters: [{ extensions: ['db'] }] }],
    ['a filter with an empty name', { filters: [{ name: '', extensions: ['db'] }] }],
    ['a filter with an extra key', { filters: [{ name: 'x', extensions: ['db'], hidden: true }] }],
    ['an extension with a dot', { filters: [{ name: 'x', extensions: ['.db'] }] }],
    ['an extension with a path', { filters: [{ name: 'x', extensions: ['../../etc/passwd'] }] }],
    ['an extension with a wildcard pattern', { filters: [{ name: 'x', extensions: ['d*'] }] }],
    ['a non-string extension', { filters: [{ name: 'x', extensions: [1] }] }],
    ['no extensions', { filters: [{ name: 'x', extensions: [] }] }],
    ['a class instance', new (class Options { title = 'x'; })()],
  ])('When given %s, Then it is refused with ERR_IPC_INVALID_ARGUMENT', (_what, input) => {
    const result = parseChooseFileOptions(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({ type: 'IpcError', code: 'ERR_IPC_INVALID_ARGUMENT' });
      expect(result.error.message).toEqual(expect.any(String));
    }
  });

  it('When accepted, Then the result is a fresh copy (later mutation of the input has no effect)', () => {
    const input = { filters: [{ name: 'x', extensions: ['db'] }] };
    const result = parseChooseFileOptions(input);
    input.filters[0]!.extensions.push('exe');
    expect(result).toEqual({ ok: true, value: { filters: [{ name: 'x', extensions: ['db'] }] } });
  });
});

describe('isTrustedSender', () => {
  it('accepts frames on the UI origin and nothing else', () => {
    expect(isTrustedSender(`${ORIGIN}/ui/runs`, ORIGIN)).toBe(true);
    expect(isTrustedSender('https://evil.com/', ORIGIN)).toBe(false);
    expect(isTrustedSender('about:blank', ORIGIN)).toBe(false);
    expect(isTrustedSender(undefined, ORIGIN)).toBe(false);
  });
});

describe('chosenPath', () => {
  const abs = path.resolve('/tmp/a.db');
  it.each([
    [{ canceled: false, filePaths: [abs] }, abs],
    [{ canceled: true, filePaths: [abs] }, null],
    [{ canceled: false, filePaths: [] }, null],
    [{ canceled: false, filePaths: ['relative.db'] }, null],
  ])('When the dialog answers %j, Then the bridge returns %j', (result, expected) => {
    expect(chosenPath(result, path.isAbsolute)).toBe(expected);
  });
});

describe('handleChooseFile', () => {
  const abs = path.resolve('/data/agents.db');

  it('When the UI asks with valid options, Then the dialog opens for one file and the path comes back', async () => {
    const show = vi.fn(async () => ({ canceled: false, filePaths: [abs] }));
    const result = await handleChooseFile({ frameUrl: `${ORIGIN}/ui/`, options: { title: 'Attach' }, uiOrigin: ORIGIN }, show);
    expect(result).toEqual({ ok: true, value: abs });
    expect(show).toHaveBeenCalledExactlyOnceWith({ title: 'Attach', properties: ['openFile'] });
  });

  it('When the sender is not the UI, Then no dialog opens', async () => {
    const show = vi.fn();
    const result = await handleChooseFile({ frameUrl: 'https://evil.com/', options: {}, uiOrigin: ORIGIN }, show);
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_IPC_UNTRUSTED_SENDER' } });
    expect(show).not.toHaveBeenCalled();
  });

  it('When the options are hostile, Then no dialog opens', async () => {
    const show = vi.fn();
    const result = await handleChooseFile({ frameUrl: `${ORIGIN}/ui/`, options: { properties: ['openDirectory'] }, uiOrigin: ORIGIN }, show);
    expect(result).toMatchObject({ ok: false, error: { code: 'ERR_IPC_INVALID_ARGUMENT' } });
    expect(show).not.toHaveBeenCalled();
  });

  it('When the user cancels, Then the answer is null', async () => {
    const result = await handleChooseFile({ frameUrl: `${ORIGIN}/ui/`, options: undefined, uiOrigin: ORIGIN }, async () => ({ canceled: true, filePaths: [] }));
    expect(result).toEqual({ ok: true, value: null });
  });

  it('When the dialog throws, Then the error travels as data', async () => {
    const result = await handleChooseFile({ frameUrl: `${ORIGIN}/ui/`, options: {}, uiOrigin: ORIGIN }, async () => {
      throw new Error('no display');
    });
    expect(result).toEqual({ ok: false, error: { type: 'IpcError', code: 'ERR_IPC_FAILED', message: 'no display' } });
  });
});
