import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { deskApi } from '../api';
import { invalidateAuthDependents } from '../invalidate';
import { keyQueries } from './queries';

/** Key changes rewrite the trusted JWKS the auth layer reads, so verdicts change too. */
export const keyMutations = {
  generate: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...keyQueries.all(), 'generate'] as const,
      mutationFn: (alg: string) => deskApi.generateKey(alg),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  import: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...keyQueries.all(), 'import'] as const,
      mutationFn: (body: { path: string } | { text: string }) => deskApi.importKey(body),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  remove: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...keyQueries.all(), 'remove'] as const,
      mutationFn: (kid: string) => deskApi.deleteKey(kid),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
};
