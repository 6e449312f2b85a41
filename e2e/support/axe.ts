import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe over `within` (the page's main region by default) in the light and the dark theme: no
 * serious or critical violation. Nothing is left out: the shared JSON viewer, badges and
 * callouts are checked like the rest. Leaves the page in the theme it found.
 */
export async function expectAccessible(page: Page, within = 'main'): Promise<void> {
  const bad: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const result = await new AxeBuilder({ page }).include(within).analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      bad.push(`${theme} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  expect(bad).toEqual([]);
}
