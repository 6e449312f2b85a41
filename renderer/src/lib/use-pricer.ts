import { useQuery } from '@tanstack/react-query';
import { loadPricer, type Pricer } from './cost';

/** The price table's pricing function once its chunk loaded (null until then); loaded once per page. */
export function usePricer(): Pricer | null {
  // The table ships with the app and never changes while it runs.
  const q = useQuery({ queryKey: ['price-table'], queryFn: loadPricer, staleTime: Infinity, gcTime: Infinity });
  return q.data ?? null;
}
