import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // Integration tests start real servers and real SQLite files; two cores on CI, shared. Tests
    // wait on events (findBy, expect.poll), never on the clock, so these bounds only stop a hang:
    // a test that is merely slow on a loaded machine must still pass.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
