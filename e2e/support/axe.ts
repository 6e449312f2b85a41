import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe's serious and critical violations within `within`, in the light and the dark theme, one
 * line each. Nothing is left out: the shared JSON viewer, badges and callouts are checked like the
 * rest. Leaves the page in the theme it found.
 *
 * axe runs in the page itself (`axe.run`, AxeBuilder's legacy mode). The default mode runs it in
 * parts per frame and merges them in a blank page it opens and closes for every call, which took
 * about half of each check's time and found the same violations on every main page (the UI has
 * no frames; same-origin frames would still be checked, only cross-origin ones are not).
 */
export async function seriousViolations(page: Page, within = 'main'): Promise<string[]> {
  const bad: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await settledTransitions(page);
    const result = await new AxeBuilder({ page }).include(within).setLegacyMode().analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      bad.push(`${theme} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  return bad;
}

/**
 * Switching the theme starts the header controls' 120 ms colour transitions (a hovered control
 * fades from the light hover colour to the dark one); axe measuring mid-fade reads a colour no
 * user sees at rest. Waits for every finite animation and transition to end; spinners (infinite)
 * are left running.
 */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // The DOM types are not in this project's lib: only what is used here is named.
    type Running = { effect: { getComputedTiming(): { endTime?: number | string } } | null; finished: Promise<unknown> };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    const running = doc.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    // A hang guard, not a speed limit: CI once saw a finished promise never settle with the
    // animations slowed over CDP; after five seconds every 120 ms fade has long ended anyway.
    const guard = new Promise((resolve) => setTimeout(resolve, 5000));
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), guard]);
  });
}

/** No serious or critical axe violation within `within` (the page's main region by default), in either theme. */
export async function expectAccessible(page: Page, within = 'main'): Promise<void> {
  expect(await seriousViolations(page, within)).toEqual([]);
}
