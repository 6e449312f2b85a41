import { isApiError } from './client';

/**
 * One line for an error from the desk or platform API: the server's `detail`, which names what
 * failed (a refused input's fields are shown beside the fields, from the body's `issues`).
 */
export function describeError(err: unknown): string {
  if (isApiError(err)) return err.detail;
  if (err instanceof Error) return err.message;
  return String(err);
}
