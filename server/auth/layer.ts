import type { AuthCaches } from './token-cache.js';
import type { AuthSettings } from '../settings/schema.js';
import { ConfigError } from '../errors.js';
import { freezeDeep } from '../freeze-deep.js';
import { compileAuthConfig } from './config.js';
import type { ScopeTable } from './default-scope-mappings.js';
import { AuthCore, toMatched } from './core.js';
import { buildRouteMatrix, toInspection } from './inspection.js';
import { JwksFile } from './jwks-file.js';
import { RemoteJwks } from './jwks-url.js';
import { extractToken, stripBearer } from './token-source.js';
import type { AuthLayer, AuthLayerStatus } from './types.js';
import { TokenVerifier } from './verifier.js';

export interface AuthLayerContext {
  /** The service's own id (`os_id`): the default expected audience. */
  osId: string;
  /**
   * The default scope table (`DEFAULT_SCOPE_MAPPINGS` of `server/api/platform/platform-routes.ts`,
   * derived from the route objects); passed in so the auth core imports no route.
   */
  defaultScopeMappings: ScopeTable;
  /** Unused by the core: the settings loader already applied the environment fallbacks (`JWT_VERIFICATION_KEY`, `JWT_JWKS_FILE`). */
  env?: NodeJS.ProcessEnv | undefined;
  /** For `jwks_url` (tests inject one; default global fetch). */
  fetch?: typeof fetch | undefined;
  /** Milliseconds since the epoch; tests freeze it. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** One line per event (JWKS file reloaded or broken, JWKS endpoint offline). Never a token. */
  log?: ((msg: string) => void) | undefined;
  /** Called before every signature check; tests count calls to prove the cache is used. */
  onSignatureCheck?: (() => void) | undefined;
  /** How often, at most, the JWKS file's mtime is checked. Default 1000 ms. */
  jwksFileCheckIntervalMs?: number | undefined;
  /** `jwks_url` cache tuning (jose's `createRemoteJWKSet` options). */
  remoteJwks?: { cooldownMs?: number; cacheMaxAgeMs?: number; timeoutMs?: number } | undefined;
  /** Verified-token cache entries when the layer keeps its own caches (no `caches`). Default 1000. */
  cacheSize?: number | undefined;
  /** The server's caches (verified tokens, decisions); a layer without them (a dry run, a test) keeps its own. */
  caches?: AuthCaches | undefined;
}

/**
 * Builds the auth layer for one version of the settings. All configuration is checked
 * here, once: a bad key, an unreadable JWKS file or a malformed mapping throws a
 * `ConfigError` with a one-line message. Rebuild the layer when settings change.
 *
 * @example
 * const layer = await createAuthLayer(settings.auth, { osId: settings.os_id, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS });
 * const decision = await layer.authorize({ method: 'GET', path: '/agents', headers });
 */
export async function createAuthLayer(auth: AuthSettings, ctx: AuthLayerContext): Promise<AuthLayer> {
  const log = ctx.log ?? (() => {});
  const now = ctx.now ?? Date.now;
  const config = await compileAuthConfig(auth, ctx.osId, ctx.defaultScopeMappings);
  const jwksFile = auth.jwks_file
    ? await JwksFile.open(auth.jwks_file, auth.algorithm, { checkIntervalMs: ctx.jwksFileCheckIntervalMs ?? 1000, log })
    : null;
  const remote = auth.jwks_url
    ? new RemoteJwks(auth.jwks_url, { fetch: ctx.fetch, ...ctx.remoteJwks, log })
    : null;
  if (auth.validate && config.staticKeys.length === 0 && !jwksFile && !remote) {
    throw new ConfigError(
      'auth.validate is true but no key source is configured: set auth.verification_keys (or env JWT_VERIFICATION_KEY), auth.jwks_file (or env JWT_JWKS_FILE) or auth.jwks_url',
      [{ path: 'auth.verification_keys', message: 'no key source while validate is true' }],
    );
  }
  const verifier = new TokenVerifier({
    algorithm: auth.algorithm,
    staticKeys: config.staticKeys,
    jwksFile,
    remote,
    now,
    onSignatureCheck: ctx.onSignatureCheck,
    cacheSize: ctx.cacheSize,
    caches: ctx.caches,
  });
  const core = new AuthCore(config, verifier);

  return {
    async authorize(request) {
      const { token } = extractToken(request, auth);
      // Within one settings version an allow decision depends only on the token and the request
      // line (the path picks the mapping and any per-resource id), so it is memoised on the
      // token's verified-cache entry and shares its life: expiry, eviction, key rotation.
      const line = `${request.method} ${request.path}`;
      if (token !== null && auth.validate) {
        if (verifier.watchesKeyFile) await verifier.keysCurrent();
        const entry = verifier.cached(token);
        const known = entry && verifier.decision(entry.id, line);
        if (known) return known;
      }
      const trace = await core.evaluate({ method: request.method, path: request.path, token, explain: false });
      if (token !== null && trace.decision.outcome === 'allow') {
        const entry = verifier.cached(token);
        if (entry) verifier.rememberDecision(entry.id, line, freezeDeep(trace.decision));
      }
      return trace.decision;
    },
    async inspectToken({ token, method, path }) {
      // Pasted tokens often keep their `Bearer ` prefix.
      const trace = await core.evaluate({ method, path, token: stripBearer(token).token, explain: true });
      return toInspection(trace, core);
    },
    routeMatrix(token) {
      return buildRouteMatrix(core, stripBearer(token).token ?? '');
    },
    status(): AuthLayerStatus {
      const file = jwksFile?.status();
      return {
        validate: auth.validate,
        algorithm: auth.algorithm,
        authorization_enabled: config.authorizationEnabled,
        verification_keys: config.staticKeys.length,
        jwks_file: file
          ? { path: file.path, kids: file.kids, key_count: file.keyCount, skipped: file.skipped, last_error: file.lastError }
          : null,
        jwks_url: remote ? { url: remote.url, kids: remote.kids() } : null,
        mappings: config.table.entries.map((e) => toMatched(e, config.table.matching)).filter((m) => m !== null),
        excluded_route_paths: config.excluded.map((e) => e.written),
      };
    },
    async reloadKeyFile() {
      await verifier.keysCurrent(true);
    },
    close() {
      verifier.clearCache();
    },
  };
}
