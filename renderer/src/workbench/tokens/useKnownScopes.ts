import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { knownScopes } from '../settings/mappings';
import { deskQueries } from '../../api';

/** Every scope the route table names (defaults + custom mappings + the admin scope). */
export function useKnownScopes(): string[] {
  const settings = useQuery(deskQueries.settings());
  const schema = useQuery(deskQueries.settingsSchema());
  return useMemo(() => {
    const auth = settings.data?.settings.auth;
    return knownScopes(schema.data?.default_scope_mappings ?? {}, auth?.scope_mappings ?? null, auth?.admin_scope ?? 'platform:admin');
  }, [settings.data, schema.data]);
}
