import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx', 'scripts/**/*.test.ts'],
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
  },
});
