import { useEffect, useRef } from 'react';
import type { SessionDetail } from '../../api-types/shapes';

/**
 * Live: the session row (polled) says when runs were added or changed; only then refetch them,
 * so a long session's run list is not downloaded on every poll.
 */
export function useRefetchRunsOnChange(session: SessionDetail | undefined, refetchRuns: () => unknown) {
  const version = session ? `${session.run_count ?? ''}|${session.updated_at ?? ''}` : null;
  const seenVersion = useRef<string | null>(null);
  useEffect(() => {
    if (version === null) return;
    if (seenVersion.current !== null && seenVersion.current !== version) void refetchRuns();
    seenVersion.current = version;
  }, [version, refetchRuns]);
}
