import type { ReactNode } from 'react';
import { useActingAs, type Actor } from '../auth/acting-as';

/**
 * Renders `children(actor)` with how the run browser reads right now: the desk view, or the
 * acting-as token's lens. There is always one, so no page waits on a token.
 */
export function RequireActor({ children }: { children: (actor: Actor) => ReactNode }) {
  const { actor } = useActingAs();
  return <>{children(actor)}</>;
}
