import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { deskQueries } from '../../api/desk/queries';
import { deskApi } from '../../api';
import { invalidateAuthDependents } from '../invalidate';
import { settingsQueries } from './queries';

export const settingsMutations = {
  /** PUT the whole settings object; a 422 carries `issues` the form shows beside each field. */
  save: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...settingsQueries.all(), 'save'] as const,
      mutationFn: (settings: Record<string, unknown>) => deskApi.putSettings(settings),
      onSuccess: async (envelope) => {
        qc.setQueryData(settingsQueries.current().queryKey, envelope);
        await Promise.all([
          invalidateAuthDependents(qc),
          // `databases` is part of the settings object.
          qc.invalidateQueries({ queryKey: deskQueries.databases().queryKey }),
        ]);
      },
    }),
  /** Generates the provider's offline fixture (key pair + JWKS) on the desk. */
  presetFixture: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...settingsQueries.all(), 'preset-fixture'] as const,
      mutationFn: (v: { name: string; apply: boolean }) => deskApi.presetFixture(v.name, v.apply),
      // Generating writes a fixture JWKS; applying also rewrites the settings.
      onSuccess: () => invalidateAuthDependents(qc),
    }),
};
