import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { deskApi } from '../../api';
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
  setTrusted: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...keyQueries.all(), 'trust'] as const,
      mutationFn: (v: { kid: string; trusted: boolean; confirm?: boolean }) => deskApi.setKeyTrusted(v.kid, v.trusted, v.confirm),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  remove: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...keyQueries.all(), 'remove'] as const,
      mutationFn: (v: { kid: string; confirm?: boolean }) => deskApi.deleteKey(v.kid, v.confirm),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
};
