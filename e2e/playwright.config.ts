import { defineConfig } from '@playwright/test';

/**
 * The specs that measure (first screen, frame times) on large data: they run after every other
 * spec, one at a time, so their numbers are taken on a machine no other test is loading.
 */
const PERF = /(large-trace|large-run|long-session)\.spec\.ts$/;

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
  // test has its own server and data folder (or shares one only with the tests of its own file
  // that only read, `readOnlyServer`), so none shares state with the one beside it.
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
    // A failed test keeps its trace (actions, DOM snapshots, network, console). Without the
    // screencast: recording it for every test cost about an eighth of the suite's CPU time, and
    // the DOM snapshots show the page at each step better than its frames would.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: PERF },
    // After the journeys (Playwright skips them if a journey failed) and alone. Picking one of
    // these specs by name runs every journey first (a dependency is never filtered); add
    // `--no-deps` to run just it.
    { name: 'perf', testMatch: PERF, dependencies: ['journeys'], workers: 1 },
  ],
});
