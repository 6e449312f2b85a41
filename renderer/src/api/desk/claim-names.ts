import { useQuery } from '@tanstack/react-query';
import { deskQueries } from './queries';
import { DEFAULT_CLAIM_NAMES, type ClaimNames } from '../../lib/jwt';

/** The claim names the server's auth layer reads now (the defaults until the settings arrive). */
export function useClaimNames(): ClaimNames {
  const settings = useQuery(deskQueries.settings());
  const auth = settings.data?.settings.auth;
  return auth ? { scopes_claim: auth.scopes_claim, user_id_claim: auth.user_id_claim } : DEFAULT_CLAIM_NAMES;
}
