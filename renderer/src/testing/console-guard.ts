import { afterEach, beforeEach, expect } from 'vitest';

/**
 * Fails the test when React (or anything else) reports an error on the console while it runs:
 * duplicate keys, updates after unmount, invalid DOM nesting — bugs a page can hide for years
 * because it still looks right.
 */
export function failOnConsoleErrors(): void {
  let errors: string[] = [];
  const original = console.error;
  beforeEach(() => {
    errors = [];
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      original(...args);
    };
  });
  afterEach(() => {
    console.error = original;
    expect(errors, 'console.error during the test').toEqual([]);
  });
}
