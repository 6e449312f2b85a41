import type { Locator, Page } from '@playwright/test';

/** The trace view (run page's Trace tab or /traces/:id): waterfall, summary, span panel. */
export class TraceView {
  readonly root: Locator;
  readonly waterfall: Locator;
  readonly tree: Locator;
  readonly rows: Locator;
  readonly panel: Locator;
  readonly slowest: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('trace-view');
    this.waterfall = page.getByTestId('waterfall');
    this.tree = page.getByRole('tree');
    this.rows = page.getByTestId('span-row');
    this.panel = page.getByTestId('span-panel');
    this.slowest = page.getByTestId('slow-span');
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
}

/** The traces list: status filter, sortable table. */
export class TracesList {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('trace-row');
  }

  status(label: 'All' | 'OK' | 'Errors'): Locator {
    return this.page.getByRole('radio', { name: label });
  }
}
