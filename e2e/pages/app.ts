import { expect, type Locator, type Page } from '@playwright/test';

/** The app shell: login, header (nav, acting-as, database, theme), the loaded marker. */
export class AppShell {
  readonly nav: Locator;
  /** The button the page links fold behind in a narrow window. */
  readonly menu: Locator;
  readonly actingAs: Locator;
  readonly actingAsCurrent: Locator;
  readonly themeToggle: Locator;
  readonly dbPicker: Locator;
  /** What the header shows while the run browser reads through the desk view (the default). */
  readonly deskViewLabel = 'Desk view: everything';

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.menu = page.getByTestId('nav-menu');
    this.actingAs = page.getByTestId('acting-as');
    this.actingAsCurrent = page.getByTestId('acting-as-current');
    this.themeToggle = page.getByTestId('theme-toggle');
    this.dbPicker = page.getByTestId('db-picker');
  }

  /** Opens the login URL (sets the desk cookie) and waits for the first data. */
  async login(loginUrl: string): Promise<void> {
    await this.page.goto(loginUrl);
    await this.waitLoaded();
  }

  async waitLoaded(): Promise<void> {
    await expect(this.page.locator('body')).toHaveAttribute('data-app-state', 'loaded');
  }

  /** Follows a page link in the header, through the menu where the window is too narrow for the links. */
  async goTo(name: string): Promise<void> {
    if (await this.menu.isVisible()) await this.menu.click();
    await this.nav.getByRole('link', { name }).click();
  }

  /** Forces a theme for screenshots (system → light → dark cycle on the toggle). */
  async setTheme(theme: 'light' | 'dark'): Promise<void> {
    for (let i = 0; i < 3; i++) {
      if ((await this.themeToggle.getAttribute('data-theme-pref')) === theme) return;
      await this.themeToggle.click();
    }
    await expect(this.themeToggle).toHaveAttribute('data-theme-pref', theme);
  }

  /** Pastes a token into the acting-as selector and acts as it. */
  async actAs(token: string, label: string): Promise<void> {
    await this.actingAs.click();
    await this.page.getByTestId('paste-token').fill(token);
    await this.page.getByPlaceholder('Label (optional)').fill(label);
    await this.page.getByRole('button', { name: 'Act as it' }).click();
    await expect(this.actingAsCurrent).toHaveText(label);
  }

  /** Picks the desk view in the acting-as selector (the default reader). */
  async backToDeskView(): Promise<void> {
    await this.actingAs.click();
    await this.page.getByTestId('acting-as-option').filter({ hasText: this.deskViewLabel }).getByRole('button').first().click();
    await expect(this.actingAsCurrent).toHaveText(this.deskViewLabel);
  }
}
