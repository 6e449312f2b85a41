import type { Locator, Page } from '@playwright/test';

/** A run page: header, input/output, tabs (conversation, tools, events…), metrics. */
export class RunPage {
  readonly root: Locator;
  readonly messages: Locator;
  readonly messageList: Locator;
  readonly toolCalls: Locator;
  readonly toolArgs: Locator;
  readonly metrics: Locator;
  readonly output: Locator;
  readonly input: Locator;
  /** Previous/next links: shown once the page knows the run's siblings (j/k need them). */
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('run-page');
    this.messages = page.getByTestId('message');
    this.messageList = page.getByTestId('message-list');
    this.toolCalls = page.getByTestId('tool-call');
    this.toolArgs = page.getByTestId('tool-args');
    this.metrics = page.getByTestId('metrics');
    this.output = page.getByTestId('output');
    this.input = page.getByTestId('run-input');
    this.nav = page.getByTestId('run-nav');
  }

  tab(id: string): Locator {
    return this.page.locator(`[role="tab"][data-tab="${id}"]`);
  }

  metric(key: string): Locator {
    return this.metrics.locator(`tr[data-metric="${key}"]`);
  }

  message(index: number): Locator {
    return this.page.locator(`[data-testid="message"][data-index="${index}"]`);
  }
}
