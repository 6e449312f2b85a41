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
  // Two workers on CI's two cores as everywhere: a test spends much of its time waiting (on its
  // server, on the page's requests, on expect's polls), which the other worker's test fills. Each
  // test has its own server and data folder, so none shares state with the one beside it.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Hang guards, not speed limits: every wait ends as soon as its element or answer is there. Two
  // tests share two cores, and CI's machine may be shared too, so the bounds leave room.
  timeout: 180_000,
  expect: { timeout: 30_000 },
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
