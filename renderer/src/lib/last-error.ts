import { useRef } from 'react';

/** The parts of a query's state that tell whether its last attempt failed. */
export interface FailingQuery {
  error: unknown;
  failureReason: unknown;
  failureCount: number;
  status: 'pending' | 'error' | 'success';
}

/**
 * The failure a page should show for a query, kept until the query next succeeds.
 *
 * A query that never got data starts each refetch (a poll, a retry) back in `pending` with its
 * error cleared, so a page that switched on `isError` fell back to skeleton rows and a green
 * "Live" badge for most of every poll while the server kept answering 503. The first failed
 * attempt counts at once (`failureReason`), before the retries of a transient error are used up.
 */
export function useLastError(query: FailingQuery): unknown {
  const last = useRef<unknown>(null);
  const now = query.error ?? (query.failureCount > 0 ? query.failureReason : null);
  if (now) last.current = now;
  else if (query.status === 'success') last.current = null;
  return now ?? last.current;
}
