import type { Settings } from '../../../settings/schema.js';
import { LocalKeys } from '../keys/store.js';
import type { DeskMintRequest } from '../schemas.js';
import { mintAsProvider, providerSigner } from './as-provider.js';
import { mintToken, type MintResult } from './mint.js';
import { resolveMintRequest } from './resolve.js';

/** Which key signed a minted token, in words the workbench and the CLI show. */
export interface MintSigner {
  kind: 'local' | 'provider';
  /** The preset whose fixture key stood in for the provider (`kind: 'provider'`). */
  preset: string | null;
  description: string;
}

/**
 * The one mint the `/desk/tokens` route and `rundesk mint` share. With a preset's fixture JWKS
 * trusted and no key, algorithm or defect asked for, the provider's stand-in key signs (so the
 * token is one the settings accept); otherwise a local key does, as before.
 */
export async function mintWithSettings(
  dataDir: string,
  settings: Settings,
  body: DeskMintRequest,
  nowSeconds: number,
): Promise<{ minted: MintResult; signer: MintSigner }> {
  const provider = providerSigner(dataDir, settings.auth);
  if (provider && body.key === undefined && body.defect === undefined && (body.alg === undefined || body.alg === 'RS256')) {
    const minted = await mintAsProvider(
      provider,
      { sub: body.sub ?? provider.preset.identity.sub, scopes: body.scopes, ttl: body.ttl, session_id: body.session_id ?? null, claims: body.claims },
      settings.auth,
      nowSeconds,
    );
    return {
      minted,
      signer: {
        kind: 'provider',
        preset: provider.preset.name,
        description: `${provider.preset.title} fixture key ${provider.kid} (stands in for ${provider.preset.title}: its issuer, claim shapes and kid)`,
      },
    };
  }
  const keys = new LocalKeys(dataDir).signingKeys();
  const minted = await mintToken(keys, resolveMintRequest(body, settings, keys), nowSeconds);
  return { minted, signer: { kind: 'local', preset: null, description: `rundesk local key ${minted.kid ?? '(none)'}` } };
}
