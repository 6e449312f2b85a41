import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Tests of the server, the CLI, the stores, the desktop app's main process and the scripts: Node only. */
const NODE_TESTS = ['server/**/*.test.ts', 'test/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts'];
/** The UI's tests (components under jsdom, and its pure logic). */
const UI_TESTS = ['renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than cores: one worker on CI's two, which then idles
    // half the machine while a test waits on its server (a child process), PostgreSQL or the
    // disk. Two files at a time there; more cores keep the default. Files share nothing: each
    // test makes its own temp folders, servers on ephemeral ports and PostgreSQL clusters.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Integration tests start real servers and real SQLite files; two cores on CI, shared. Tests
    // wait on events (findBy, expect.poll), never on the clock, so these bounds only stop a hang:
    // a test that is merely slow on a loaded machine must still pass.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      // The Node tests share a worker's loaded modules from file to file (`isolate: false`):
      // importing the server afresh for each of the sixty files that start one, and the stores
      // and parsers for the rest, was a large part of the run's CPU time. They can share them:
      // the server keeps no state in its modules beyond memos keyed by what they remember, no
      // test mocks a module or stubs a global, and each makes its own servers and folders.
      { extends: true, test: { name: 'node', include: NODE_TESTS, isolate: false } },
      // The UI's modules keep state (the acting-as store, the theme, the request stream, read from
      // localStorage when first imported): each file imports them afresh, in its own jsdom.
      { extends: true, test: { name: 'ui', include: UI_TESTS } },
    ],
  },
});
