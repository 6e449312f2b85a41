import { expect as pwExpect, type Locator, type Page } from '@playwright/test';

/** Page models of the workbench pages: Settings, Tokens (mint, inspect, compare) and Databases. */
export class SettingsPageModel {
  readonly root: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  readonly serverIssues: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-page');
    this.save = page.getByTestId('save-settings');
    this.saved = page.getByTestId('saved-state');
    this.serverIssues = page.getByTestId('save-issues');
  }

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await pwExpect(this.root).toBeVisible();
  }

  field(name: string): Locator {
    return this.page.getByTestId(`field-${name}`);
  }

  issue(name: string): Locator {
    return this.page.getByTestId(`issue-${name}`);
  }

  keyRow(kid: string): Locator {
    return this.page.getByTestId(`key-${kid}`);
  }

  async importKeyFile(file: string): Promise<void> {
    await this.page.getByTestId('import-key-path').fill(file);
    await this.page.getByTestId('import-key-submit').click();
    await pwExpect(this.page.getByTestId('import-key-result')).toBeVisible();
  }

  async applyPreset(name: string): Promise<void> {
    await this.page.getByTestId(`apply-preset-${name}`).click();
    await pwExpect(this.page.getByTestId('preset-applied')).toBeVisible();
  }
}

export class TokensPageModel {
  readonly root: Locator;
  readonly inspectToken: Locator;
  readonly inspectPath: Locator;
  readonly status: Locator;
  readonly verdict: Locator;
  readonly key: Locator;
  readonly required: Locator;
  readonly state: Locator;
  readonly matrix: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('tokens-page');
    this.inspectToken = page.getByTestId('inspect-token');
    this.inspectPath = page.getByTestId('inspect-path');
    this.status = page.getByTestId('inspect-status');
    this.verdict = page.getByTestId('inspect-verdict');
    this.key = page.getByTestId('inspect-key');
    this.required = page.getByTestId('inspect-required');
    this.state = page.getByTestId('inspect-state');
    this.matrix = page.getByTestId('matrix-table');
  }

  async open(tab: 'mint' | 'inspect' | 'compare'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tokens' }).click();
    await pwExpect(this.root).toBeVisible();
    await this.page.getByTestId(`tab-${tab}`).click();
  }

  compareToken(i: number): Locator {
    return this.page.getByTestId(`compare-token-${i}`);
  }

  compareResult(i: number): Locator {
    return this.page.getByTestId(`compare-result-${i}`);
  }

  matrixRow(method: string, routePath: string): Locator {
    return this.matrix
      .getByTestId('matrix-row')
      .filter({ has: this.page.locator(`[data-method="${method}"]`) })
      .filter({ has: this.page.locator('code', { hasText: new RegExp(`^${routePath.replace(/[*/]/g, '\\$&')}$`) }) });
  }
}

export class DatabasesPageModel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('databases-page');
  }

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Databases' }).click();
    await pwExpect(this.root).toBeVisible();
  }

  row(id: string): Locator {
    return this.page.getByTestId(`db-row-${id}`);
  }

  async attach(file: string, id?: string): Promise<void> {
    await this.page.getByTestId('attach-path').fill(file);
    if (id) await this.page.getByTestId('attach-id').fill(id);
    await this.page.getByTestId('attach-submit').click();
  }
}

/** The settings page's "Browser access (CORS)" panel. */
export class CorsPanelModel {
  readonly root: Locator;
  readonly input: Locator;
  readonly issues: Locator;
  /** The page's one Save: the list is saved with the rest of the settings. */
  readonly save: Locator;
  readonly unsaved: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('cors-panel');
    this.input = page.getByRole('textbox', { name: 'Allowed origins' });
    this.issues = page.getByTestId('cors-issues');
    this.save = page.getByTestId('save-settings');
    this.unsaved = page.getByTestId('cors-unsaved');
  }

  async add(origin: string): Promise<void> {
    await this.input.fill(origin);
    await this.input.press('Enter');
  }

  async remove(origin: string): Promise<void> {
    await this.root.getByRole('button', { name: `Remove ${origin}` }).click();
  }
}
