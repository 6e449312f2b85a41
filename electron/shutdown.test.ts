import { describe, expect, it, vi } from 'vitest';
import { createShutdown } from './shutdown.js';

function harness(stop: () => Promise<void>, timeoutMs?: number) {
  const order: string[] = [];
  const shutdown = createShutdown({
    stop: vi.fn(async () => {
      order.push('stop:start');
      await stop();
      order.push('stop:done');
    }),
    quit: vi.fn(() => order.push('quit')),
    log: vi.fn(),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const quitEvent = () => ({ preventDefault: vi.fn() });
  return { shutdown, order, quitEvent };
}

describe('createShutdown', () => {
  it('When the app quits, Then quitting waits for the server to stop, then quits', async () => {
    const { shutdown, order, quitEvent } = harness(async () => undefined);
    const first = quitEvent();
    shutdown.onBeforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(shutdown.phase()).toBe('stopping');
    await vi.waitFor(() => expect(order).toEqual(['stop:start', 'stop:done', 'quit']));
    // The second before-quit (from our own quit()) goes through.
    const second = quitEvent();
    shutdown.onBeforeQuit(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(shutdown.phase()).toBe('stopped');
  });

  it('When quit is requested repeatedly while stopping, Then the server is stopped once', async () => {
    let release!: () => void;
    const { shutdown, order, quitEvent } = harness(() => new Promise<void>((r) => (release = r)));
    const events = [quitEvent(), quitEvent(), quitEvent()];
    for (const e of events) shutdown.onBeforeQuit(e);
    for (const e of events) expect(e.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(order).toEqual(['stop:start']));
    release();
    await vi.waitFor(() => expect(order).toEqual(['stop:start', 'stop:done', 'quit']));
  });

  it('When stopping throws, Then the error is logged and the app still quits', async () => {
    const quit = vi.fn();
    const log = vi.fn();
    const shutdown = createShutdown({ stop: async () => Promise.reject(new Error('db busy')), quit, log });
    shutdown.onBeforeQuit({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('db busy'));
  });

  it('When stopping hangs, Then the app quits after the timeout', async () => {
    const quit = vi.fn();
    const log = vi.fn();
    const shutdown = createShutdown({ stop: () => new Promise(() => undefined), quit, log, timeoutMs: 20 });
    shutdown.onBeforeQuit({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('did not stop in time'));
  });

  it('When stop throws synchronously, Then the app still quits', async () => {
    const quit = vi.fn();
    const shutdown = createShutdown({
      stop: () => {
        throw new Error('boom');
      },
      quit,
      log: vi.fn(),
    });
    shutdown.onBeforeQuit({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
  });
});
