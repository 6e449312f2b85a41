/**
 * Clean shutdown: the first `before-quit` is held back while the server stops (HTTP closed,
 * databases closed), then the app quits for real. The server is stopped exactly once, and the
 * app quits even when stopping fails or hangs.
 */

export interface ShutdownDeps {
  /** `RunningServer.stop()` (or a no-op when the server never started). */
  stop(): Promise<void>;
  /** `app.quit()`: fires `before-quit` again, which is then let through. */
  quit(): void;
  log(message: string): void;
  /** Give up waiting for `stop()` after this long. Default 5 s. */
  timeoutMs?: number;
}

export type ShutdownPhase = 'running' | 'stopping' | 'stopped';

export interface Shutdown {
  /** The `before-quit` listener. */
  onBeforeQuit(event: { preventDefault(): void }): void;
  phase(): ShutdownPhase;
}

export function createShutdown(deps: ShutdownDeps): Shutdown {
  let phase: ShutdownPhase = 'running';

  async function stopThenQuit(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deps.timeoutMs ?? 5000);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(() => deps.stop()), timeout]);
      if (outcome === 'timeout') deps.log('rundesk: the server did not stop in time; quitting anyway');
    } catch (err) {
      deps.log(`rundesk: error while stopping the server: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(timer);
      phase = 'stopped';
      deps.quit();
    }
  }

  return {
    onBeforeQuit(event) {
      if (phase === 'stopped') return;
      event.preventDefault();
      if (phase === 'stopping') return;
      phase = 'stopping';
      void stopThenQuit();
    },
    phase: () => phase,
  };
}
