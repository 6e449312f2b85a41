import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real server (`dist/server/cli/main.js serve`) and the built UI in
 * Chromium. Each test starts its own server on a fresh data dir (e2e/fixtures.ts). Screenshots
 * and measurements go to e2e/artifacts/ (gitignored).
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: 'artifacts/test-results',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
