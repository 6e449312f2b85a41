import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/** The app's query cache and its rules (component tests that need the real retry timing use it too). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Decisions (bad token, missing row) are shown at once; only transient failures are retried.
        retry: (count, err) => (!isApiError(err) || err.isTransient) && count < 2,
        staleTime: 1000,
        refetchOnWindowFocus: true,
      },
    },
  });
}
