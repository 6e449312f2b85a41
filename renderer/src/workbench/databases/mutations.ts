import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { platformKeys } from '../../api/sessions/queries';
import { deskApi } from '../../api';
import { settingsQueries } from '../settings/queries';
import type { AttachDatabaseRequest } from '../types';
import { databaseQueries } from './queries';

/** Attaching or detaching changes the list, the settings' `databases`, and what `db_id` reads. */
function afterChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: databaseQueries.all() }),
    qc.invalidateQueries({ queryKey: settingsQueries.all() }),
    qc.invalidateQueries({ queryKey: platformKeys.all() }),
  ]);
}

export const databaseMutations = {
  attach: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...databaseQueries.all(), 'attach'] as const,
      mutationFn: (body: AttachDatabaseRequest) => deskApi.attachDatabase(body),
      onSuccess: () => afterChange(qc),
    }),
  /** `default_database`: the database that answers requests without db_id (`null`: rundesk's rule). */
  answerWithoutDbId: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...databaseQueries.all(), 'default'] as const,
      mutationFn: async (id: string | null) => {
        const envelope = await deskApi.getSettings();
        return deskApi.putSettings({ ...((envelope.file_settings ?? envelope.settings) as Record<string, unknown>), default_database: id });
      },
      onSuccess: () => afterChange(qc),
    }),
  detach: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...databaseQueries.all(), 'detach'] as const,
      mutationFn: (id: string) => deskApi.detachDatabase(id),
      onSuccess: () => afterChange(qc),
    }),
};
