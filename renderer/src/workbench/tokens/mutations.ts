import { mutationOptions } from '@tanstack/react-query';
import { deskApi, requestAs } from '../../api';
import type { AuthSettings, MintRequest } from '../types';
import type { CompareSlot } from './ComparePanel';

export const tokenMutations = {
  /** Minting changes no server state (the key already exists), so nothing is invalidated. */
  mint: () =>
    mutationOptions({
      mutationKey: ['desk', 'tokens', 'mint'] as const,
      mutationFn: (body: MintRequest) => deskApi.mint(body),
    }),
  /**
   * Sends one platform request as each token (an empty token gives no result). A read, but
   * user-triggered and possibly a write (POST/DELETE), so it runs as a mutation.
   */
  compare: () =>
    mutationOptions({
      mutationKey: ['platform', 'compare'] as const,
      mutationFn: (req: { method: string; path: string; tokens: string[] }) =>
        Promise.all(
          req.tokens.map((t) =>
            t ? requestAs(t, req.method as 'GET', req.path) : Promise.resolve(undefined),
          ),
        ),
    }),
  /** User A, user B and an admin, minted with the settings' claim names, for the compare view. */
  mintPersonas: () =>
    mutationOptions({
      mutationKey: ['desk', 'tokens', 'personas'] as const,
      mutationFn: async (auth: AuthSettings | undefined): Promise<CompareSlot[]> => {
        const read = ['sessions:read', 'agents:read', 'teams:read', 'workflows:read'];
        const admin = auth?.admin_scope ?? 'platform:admin';
        const people: { label: string; sub: string; scopes: string[] }[] = [
          { label: 'user A (alice)', sub: 'alice', scopes: read },
          { label: 'user B (bob)', sub: 'bob', scopes: read },
          { label: 'admin', sub: 'admin', scopes: [admin] },
        ];
        const minted = await Promise.all(people.map((p) => deskApi.mint({ sub: p.sub, scopes: p.scopes, ttl: 3600 })));
        return minted.map((m, i) => ({ label: people[i]?.label ?? '', token: m.token }));
      },
    }),
};
