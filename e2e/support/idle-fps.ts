import type { Page } from '@playwright/test';
import type { PageGlobals } from './page-globals.js';

/** The machine's own frame rate with nothing to do: the baseline for a scroll measurement. */
export function idleFps(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as PageGlobals;
    const frames: number[] = [];
    await new Promise<void>((resolve) => {
      const step = (now: number) => {
        frames.push(now);
        if (frames.length < 60) g.requestAnimationFrame(step);
        else resolve();
      };
      g.requestAnimationFrame(step);
    });
    return Math.round(((frames.length - 1) / (frames[frames.length - 1]! - frames[0]!)) * 10000) / 10;
  });
}
