import type { QueryClient } from '@tanstack/react-query';
import { platformKeys } from '../api/sessions/queries';
import { keyQueries } from './keys/queries';
import { settingsQueries } from './settings/queries';
import { deskQueries } from '../api';

/**
 * What depends on the auth layer: its settings, the keys' trusted flags, the mapping lint,
 * every inspect verdict and route matrix, and every platform answer (which the layer gates).
 */
export function invalidateAuthDependents(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: settingsQueries.all() }),
    qc.invalidateQueries({ queryKey: keyQueries.all() }),
    qc.invalidateQueries({ queryKey: deskQueries.inspectAll() }),
    qc.invalidateQueries({ queryKey: deskQueries.matrixAll() }),
    qc.invalidateQueries({ queryKey: platformKeys.all() }),
  ]);
}
