import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { defaultMappings, knownScopes } from '../settings/model';
import { settingsQueries } from '../settings/queries';

/** Every scope the route table names (defaults + custom mappings + the admin scope). */
export function useKnownScopes(): string[] {
  const settings = useQuery(settingsQueries.current());
  return useMemo(() => {
    const env = settings.data;
    const auth = env?.settings.auth;
    return knownScopes(defaultMappings(env?.auth_status.mappings), auth?.scope_mappings ?? null, auth?.admin_scope ?? 'platform:admin');
  }, [settings.data]);
}
