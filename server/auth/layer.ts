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
import type { AuthDecision, AuthLayer, AuthLayerStatus, AuthRequest } from './types.js';
import { TokenVerifier } from './verifier.js';
import { ownAuthCaches } from './token-cache.js';
import { requestSlot } from '../request-slot.js';

/** The allow decision last made on one connection, and what it was made for. */
interface ConnectionDecision {
  layer: object;
  tokenGeneration: number;
  /** The token header exactly as sent. */
  header: string;
  method: string;
  path: string;
  decision: AuthDecision;
  /** The token's `exp`, as the verified-token cache keeps it (ms since the epoch). */
  expiresAt: number;
}

/**
 * Kept on the connection (a keep-alive socket), not in a table: a client repeats the same token
 * and request line on one connection, and comparing the header it sent with the one before
 * costs far less than finding the token and the decision in the caches, which hash the whole
 * token (hundreds of bytes) on each request.
 */
const LAST_DECISION = requestSlot<object, ConnectionDecision>('auth decision on this connection');

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
  const caches = ctx.caches ?? ownAuthCaches(ctx.cacheSize ?? 1000);
  const verifier = new TokenVerifier({
    algorithm: auth.algorithm,
    staticKeys: config.staticKeys,
    jwksFile,
    remote,
    now,
    onSignatureCheck: ctx.onSignatureCheck,
    caches,
  });
  const core = new AuthCore(config, verifier);

  // A decision is remembered on a connection only where nothing but the header, the request
  // line, the token's expiry and the caches' generation can unmake it: a JWKS file is looked at
  // (asynchronously) before each decision, and a cookie is read only after the header.
  const headerKey = auth.token_header_key.toLowerCase();
  const connectionMemo = auth.validate && auth.token_source !== 'COOKIE' && jwksFile === null;
  const remember = (connection: object | undefined, request: AuthRequest, from: 'header' | 'cookie' | null, expiresAt: number, decision: AuthDecision) => {
    if (connection === undefined || !connectionMemo || from !== 'header') return;
    const header = request.headers[headerKey];
    if (typeof header !== 'string') return;
    LAST_DECISION.set(connection, { layer: verifier, tokenGeneration: caches.tokenGeneration, header, method: request.method, path: request.path, decision, expiresAt });
  };

  return {
    async authorize(request, connection) {
      const { token, from } = extractToken(request, auth);
      // Within one settings version an allow decision depends only on the token and the request
      // line (the path picks the mapping and any per-resource id), so it is memoised on the
      // token's verified-cache entry and shares its life: expiry, eviction, key rotation.
      const line = `${request.method} ${request.path}`;
      if (token !== null && auth.validate) {
        if (verifier.watchesKeyFile) await verifier.keysCurrent();
        const entry = verifier.cached(token);
        const known = entry && verifier.decision(entry.id, line);
        if (known) {
          remember(connection, request, from, entry.expiresAt, known);
          return known;
        }
      }
      const trace = await core.evaluate({ method: request.method, path: request.path, token, explain: false });
      if (token !== null && trace.decision.outcome === 'allow') {
        const entry = verifier.cached(token);
        if (entry) {
          const decision = freezeDeep(trace.decision);
          verifier.rememberDecision(entry.id, line, decision);
          remember(connection, request, from, entry.expiresAt, decision);
        }
      }
      return trace.decision;
    },
    decidedBefore(request, connection) {
      if (!connectionMemo) return undefined;
      const last = LAST_DECISION.get(connection);
      if (last === undefined || last.layer !== verifier || last.tokenGeneration !== caches.tokenGeneration) return undefined;
      if (request.headers[headerKey] !== last.header || request.path !== last.path || request.method !== last.method) return undefined;
      return now() < last.expiresAt ? last.decision : undefined;
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
