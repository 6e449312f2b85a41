import { isApiError } from '../api/client';

/** One line for an error from the desk or platform API (the server's `detail` when there is one). */
export function describeError(err: unknown): string {
  if (isApiError(err)) {
    const issues = (err.body as { issues?: { path: string; message: string }[] } | null)?.issues;
    if (Array.isArray(issues) && issues.length > 0 && !err.detail.includes(issues[0]?.message ?? '\u0000')) {
      return `${err.detail} (${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')})`;
    }
    return err.status ? `${err.detail}` : err.detail;
  }
  if (err instanceof Error) return err.message;
  return String(err);
}

export function statusOf(err: unknown): number | null {
  return isApiError(err) ? err.status : null;
}
