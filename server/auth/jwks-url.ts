import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  type CryptoKey,
  type FetchImplementation,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
  type RemoteJWKSet,
} from 'jose';

export interface RemoteJwksOptions {
  fetch?: typeof fetch | undefined;
  /** Minimum time between re-fetches triggered by an unknown `kid`. Default 30 s. */
  cooldownMs?: number | undefined;
  /** Age after which the set is re-fetched on use. Default 10 min. */
  cacheMaxAgeMs?: number | undefined;
  timeoutMs?: number | undefined;
  log: (msg: string) => void;
}

/**
 * An identity provider's JWKS endpoint (`jwks_url`, a rundesk extension). jose caches the set,
 * re-fetches it on an unknown `kid` (rate-limited by the cooldown) and when it is older
 * than the max age. On top of that, when a re-fetch fails (offline laptop, provider
 * down) the last fetched set keeps serving instead of failing every request.
 */
export class RemoteJwks {
  private readonly remote: RemoteJWKSet;
  private offlineLogged = false;

  constructor(
    readonly url: string,
    private readonly opts: RemoteJwksOptions,
  ) {
    this.remote = createRemoteJWKSet(new URL(url), {
      cooldownDuration: opts.cooldownMs ?? 30_000,
      cacheMaxAge: opts.cacheMaxAgeMs ?? 600_000,
      timeoutDuration: opts.timeoutMs ?? 5_000,
      ...(opts.fetch ? { [customFetch]: opts.fetch as FetchImplementation } : {}),
    });
  }

  /** Kids of the last fetched set, for "the endpoint has kids A, B". */
  kids(): string[] {
    return (this.remote.jwks()?.keys ?? []).flatMap((k) => (typeof k.kid === 'string' ? [k.kid] : []));
  }

  /** A jose key resolver (`jwtVerify(token, jwks.getKey, ...)`). */
  readonly getKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> => {
    try {
      const key = await this.remote(header, token);
      this.offlineLogged = false;
      return key;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const cached = this.remote.jwks();
      if (code === 'ERR_JWKS_NO_MATCHING_KEY' || code === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS' || !cached) throw err;
      if (!this.offlineLogged) {
        this.offlineLogged = true;
        this.opts.log(`auth.jwks_url ${this.url} could not be fetched; serving the cached key set`);
      }
      return createLocalJWKSet(cached)(header, token);
    }
  };
}
