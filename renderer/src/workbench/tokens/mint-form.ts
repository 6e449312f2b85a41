import { isAlgorithm, type AuthSettings, type Defect } from '../../api-types/desk-shapes';
import type { MintFormState } from './model';

export const DEFECT_TEXT: Record<Defect, string> = {
  expired: 'Expired (exp in the past)',
  not_yet_valid: 'Not yet valid (nbf in the future)',
  wrong_audience: 'Wrong audience',
  untrusted_key: 'Signed by an untrusted key',
  none_alg: 'alg "none" (unsigned)',
  tampered: 'Tampered payload (adds the admin scope)',
};

/** One-click starting points for the mint form. */
export const TEMPLATES: { label: string; patch: (admin: string) => Partial<MintFormState> }[] = [
  { label: 'Admin', patch: (admin) => ({ sub: 'admin', scopes: [admin] }) },
  { label: 'Reader', patch: () => ({ sub: 'alice', scopes: ['sessions:read', 'agents:read', 'teams:read', 'workflows:read'] }) },
  { label: 'Writer', patch: () => ({ sub: 'alice', scopes: ['sessions:read', 'sessions:write'] }) },
  { label: 'No scopes', patch: () => ({ scopes: [] }) },
];

export function initialMintForm(auth: AuthSettings | undefined): MintFormState {
  return {
    sub: 'alice',
    scopes: ['sessions:read'],
    ttl: 3600,
    aud: '',
    iss: '',
    session_id: '',
    claims: '',
    scopes_claim: auth?.scopes_claim ?? 'scopes',
    scopes_format: 'array',
    kid: '',
    alg: auth?.algorithm && isAlgorithm(auth.algorithm) ? auth.algorithm : 'RS256',
    defect: '',
    path: '',
  };
}
