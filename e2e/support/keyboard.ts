import { expect, type Locator, type Page } from '@playwright/test';

interface FocusGlobals {
  document: { activeElement: { matches(selector: string): boolean } | null };
  getComputedStyle(el: unknown): { outlineStyle: string; outlineWidth: string; boxShadow: string };
}

/** Whether `target` holds the focus now. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => (globalThis as unknown as FocusGlobals).document.activeElement === el).catch(() => false);
}

/**
 * Moves the focus to `target` with Tab (or Shift+Tab) only, as a keyboard user does, and checks
 * the focus can be seen there (`:focus-visible` with an outline or a ring). Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  const max = opts.max ?? 200;
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) {
      await expectFocusVisible(target);
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} did not reach ${target.toString()}`);
}

/** The focused element shows it: `:focus-visible` matches and it draws an outline or a ring. */
export async function expectFocusVisible(target: Locator): Promise<void> {
  const seen = await target.evaluate((el) => {
    const g = globalThis as unknown as FocusGlobals;
    const s = g.getComputedStyle(el);
    const element = el as unknown as { matches(selector: string): boolean };
    return {
      focusVisible: element.matches(':focus-visible'),
      marked: (s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none',
    };
  });
  expect(seen, `focus ring on ${target.toString()}`).toEqual({ focusVisible: true, marked: true });
}

/** Replaces a focused text field's content by typing (select all, then type). */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}
