import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'test/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/src/**/*.test.ts', 'renderer/src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // Integration tests start real servers and compile-free SQLite files; two cores on CI.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
