import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * `npm run test:quick`: the inner loop. The core's unit tests — the auth layer, the Agno format,
 * the stores over real SQLite files, caches, access scopes, settings, the CLI, the desktop app's
 * pure logic, the docs' links and examples — without the build, the typecheck, the HTTP
 * integration suites, the UI's component tests, PostgreSQL or a browser. `npm test` runs all.
 * (Not merged with the base config's `include`: vitest would concatenate the two lists.)
 */
export default defineConfig({
  test: {
    ...base.test,
    // One set of files, all Node tests, sharing loaded modules as the base config's `node` project does.
    projects: undefined,
    isolate: false,
    include: [
      'server/*.test.ts',
      'server/auth/**/*.test.ts',
      'server/agno-format/**/*.test.ts',
      'server/access/**/*.test.ts',
      'server/caches/**/*.test.ts',
      'server/db/**/*.test.ts',
      'server/settings/**/*.test.ts',
      'server/cli/**/*.test.ts',
      'electron/**/*.test.ts',
      'test/docs/**/*.test.ts',
    ],
    // Runs `npm install -g .` and the built CLI: part of `npm test`, not of the inner loop.
    exclude: ['test/docs/quick-start.test.ts', '**/node_modules/**'],
  },
});
