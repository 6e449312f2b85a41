import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { loadSampleData, mint } from '../desk';
import { platformKeys } from '../sessions/queries';
import type { MintRequest } from '../types';
import { deskQueries } from './queries';

/** The admin token the UI acts as by default (DESIGN: "Acting as"). */
export const DEFAULT_ADMIN_MINT: MintRequest = { sub: 'rundesk-admin', scopes: ['platform:admin'], ttl: 43200 };

export const deskMutations = {
  mint: () =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'mint'] as const,
      mutationFn: (body: MintRequest) => mint(body),
    }),
  /** Writes sample sessions into the default database; every list and count changes. */
  sampleData: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'sample-data'] as const,
      mutationFn: () => loadSampleData(),
      onSuccess: async () => {
        await Promise.all([
          qc.invalidateQueries({ queryKey: platformKeys.all() }),
          qc.invalidateQueries({ queryKey: deskQueries.databases().queryKey }),
        ]);
      },
    }),
};
