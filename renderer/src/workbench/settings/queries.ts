import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deskApi } from '../../api';

/**
 * Settings queries on the shared `['desk', ...]` key space (UI-A's `deskQueries.all()`), so a
 * settings change can invalidate everything the auth layer's answers depend on.
 */
export const settingsQueries = {
  all: () => ['desk', 'settings'] as const,
  current: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => deskApi.getSettings(signal),
    }),
  schema: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'schema'] as const,
      queryFn: ({ signal }) => deskApi.getSettingsSchema(signal),
      // Fixed for the lifetime of the server process.
      staleTime: Infinity,
    }),
  /**
   * The server's dry run of a draft (`bodyJson`: the PUT body as JSON). Keyed by the draft, so
   * an edit starts a new request and the stale one is aborted; the previous answer stays as
   * placeholder until the new one arrives. The answer carries the draft it is about.
   */
  validate: (bodyJson: string | null) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'validate', bodyJson] as const,
      queryFn: async ({ signal }) => ({
        bodyJson: bodyJson as string,
        ...(await deskApi.validateSettings(JSON.parse(bodyJson as string) as Record<string, unknown>, signal)),
      }),
      enabled: bodyJson !== null,
      placeholderData: keepPreviousData,
      retry: false,
      // Key files can change on disk; a few seconds of reuse covers undo/redo while typing.
      staleTime: 5_000,
    }),
  presets: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'presets'] as const,
      queryFn: ({ signal }) => deskApi.listPresets(signal),
      staleTime: Infinity,
    }),
  mappingLint: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'mapping-lint'] as const,
      queryFn: ({ signal }) => deskApi.mappingLint(signal),
    }),
};
