import { useQuery } from '@tanstack/react-query';
import { traceQueries } from '../../api/observability/queries';
import type { Actor } from '../../auth/acting-as';
import type { DbLocation } from '../../api-types/shapes';
import { useAfterPaint } from '../../lib/hooks';
import { isFirstSpans } from '../../lib/trace/tree';

/**
 * A trace read in two steps: its first spans (the first screen), then — once that screen is
 * painted, so reading and laying out a large trace does not hold it back — the whole trace when
 * there is more of it. The query to show: the first spans until the whole trace is in (or
 * failed). A trace no longer than the first read is read once.
 */
export function useTraceInTwoSteps(actor: Actor, traceId: string, loc: DbLocation, enabled = true) {
  const first = useQuery({ ...traceQueries.first(actor, traceId, loc), enabled });
  const more = first.data !== undefined && isFirstSpans(first.data);
  const painted = useAfterPaint(more);
  const whole = useQuery({ ...traceQueries.detail(actor, traceId, loc), enabled: enabled && more && painted });
  return more && (whole.data !== undefined || whole.isError) ? whole : first;
}
