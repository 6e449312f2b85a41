import { queryOptions } from '@tanstack/react-query';
import { deskApi } from '../api';

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
