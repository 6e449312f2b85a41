import { expect, type Locator, type Page } from '@playwright/test';

/** A session page: header and the runs timeline. */
export class SessionPage {
  readonly timeline: Locator;
  readonly runs: Locator;

  constructor(readonly page: Page) {
    this.timeline = page.getByTestId('run-timeline');
    this.runs = page.getByTestId('timeline-run');
  }

  run(runId: string): Locator {
    return this.page.locator(`[data-testid="timeline-run"][data-run-id="${runId}"]`);
  }

  async openRun(runId: string): Promise<void> {
    await this.run(runId).getByRole('link').first().click();
    await expect(this.page).toHaveURL(new RegExp(`/runs/${runId}`));
  }
}
