import { expect, type Locator, type Page } from '@playwright/test';

/** The sessions list (and the first-run empty state it shows for an empty database). */
export class SessionsPage {
  readonly firstRun: Locator;
  readonly loadSampleData: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly authExplain: Locator;
  readonly missingScopes: Locator;

  constructor(readonly page: Page) {
    this.firstRun = page.getByTestId('first-run');
    this.loadSampleData = page.getByTestId('load-sample-data');
    this.table = page.getByTestId('sessions-table');
    this.rows = page.getByTestId('session-row');
    this.search = page.getByTestId('session-search');
    this.authExplain = page.getByTestId('auth-explain');
    this.missingScopes = page.getByTestId('missing-scopes');
  }

  row(sessionId: string): Locator {
    return this.page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  }

  typeFilter(type: 'all' | 'agent' | 'team' | 'workflow'): Locator {
    return this.page.locator(`[role="radio"][data-type="${type}"]`);
  }

  async openSession(sessionId: string): Promise<void> {
    await this.row(sessionId).getByRole('link').click();
    await expect(this.page).toHaveURL(new RegExp(`/ui/sessions/${sessionId}`));
  }
}
