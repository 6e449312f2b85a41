import type { ReactNode } from 'react';
import { useActingAs, type Actor } from '../auth/acting-as';
import { ErrorPanel } from '../components/ErrorPanel';
import { EmptyState, Spinner } from '../components/ui';
import { useDefaultToken } from './default-token';

/** Renders `children(actor)` once there is a token to act as; explains why not otherwise. */
export function RequireActor({ children }: { children: (actor: Actor) => ReactNode }) {
  const { actor } = useActingAs();
  const { minting, error, mintAdmin } = useDefaultToken();
  if (actor) return <>{children(actor)}</>;
  if (error) {
    return (
      <div className="page">
        <EmptyState icon="key" title="No token to act as">
          rundesk could not mint its default admin token. Paste a token under “Acting as” in the header, or retry.
        </EmptyState>
        <ErrorPanel error={error} retry={mintAdmin} />
      </div>
    );
  }
  return (
    <div className="page center">
      <Spinner label={minting ? 'Minting an admin token…' : 'Preparing…'} />
    </div>
  );
}
