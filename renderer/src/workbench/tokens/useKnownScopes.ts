import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { knownScopes } from '../settings/mappings';
import { settingsQueries } from '../settings/queries';

/** Every scope the route table names (defaults + custom mappings + the admin scope). */
export function useKnownScopes(): string[] {
  const settings = useQuery(settingsQueries.current());
  const schema = useQuery(settingsQueries.schema());
  return useMemo(() => {
    const auth = settings.data?.settings.auth;
    return knownScopes(schema.data?.default_scope_mappings ?? {}, auth?.scope_mappings ?? null, auth?.admin_scope ?? 'platform:admin');
  }, [settings.data, schema.data]);
}
