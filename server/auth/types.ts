import type { ForbiddenError, UnauthenticatedError } from '../errors.js';

/**
 * The contract between the pure auth core and its adapters (Express middleware, `/desk/inspect`,
 * the CLI's `inspect`, the UI's route matrix). The core never sees Express types.
 */

/** The request line and headers the auth layer needs; cookies are parsed by the core. */
export interface AuthRequest {
  method: string;
  /** Path only, no query string, e.g. `/sessions/abc/runs/r1`. */
  path: string;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The request state, as the platform's JWT middleware sets it on every authenticated request. */
export interface RequestAuthState {
  authenticated: boolean;
  user_id: string | null;
  session_id: string | null;
  scopes: string[];
  audience: string | string[] | null;
  token: string;
  authorization_enabled: boolean;
  dependencies: Record<string, unknown>;
  session_state: Record<string, unknown>;
  /**
   * Resource ids the caller may access on list routes (`agents:<id>:read`). `['*']` means all
   * (the caller holds the resource-wide scope or the admin scope, or authorization is off).
   */
  accessible_resource_ids: string[];
  /** Whether the caller holds `admin_scope` (isolation and per-resource checks do not apply). */
  is_admin: boolean;
  /** Copy of the `user_isolation` setting at decision time. */
  user_isolation: boolean;
}

/** A scope mapping that matched the request: `"GET /sessions/*": ["sessions:read"]`. */
export interface MatchedMapping {
  pattern: string;
  scopes: string[];
  source: 'default' | 'custom';
  /** The `scope_mappings` key that changes this rule (for a default under `platform` matching: the platform's covering key). */
  override_key: string;
}

export type AuthDecision =
  | { outcome: 'excluded'; pattern: string }
  | {
      outcome: 'allow';
      state: RequestAuthState;
      requiredScopes: string[];
      matched: MatchedMapping | null;
    }
  | {
      outcome: 'deny';
      error: UnauthenticatedError | ForbiddenError;
      state: RequestAuthState | null;
      requiredScopes: string[];
      matched: MatchedMapping | null;
    };

/** Built once per settings version (startup, or a live settings change). */
export interface AuthLayer {
  /**
   * @param connection the client's connection (its socket): an allow decision made for a token
   * from the header is remembered on it, for `decidedBefore`.
   */
  authorize(request: AuthRequest, connection?: object): Promise<AuthDecision>;
  /**
   * The allow decision `authorize` made last on this connection, when this request sends the
   * same token header for the same request line and nothing since (keys, settings, the token's
   * expiry) unmade it; `undefined` otherwise — then ask `authorize`. Synchronous: a client
   * repeating itself on a keep-alive connection is answered without a turn of the event loop.
   */
  decidedBefore(request: AuthRequest, connection: object): AuthDecision | undefined;
  /**
   * The decision `authorize` would make for this token on this request line, explained.
   * The token is taken as if found in the configured source.
   */
  inspectToken(input: { token: string; method: string; path: string }): Promise<TokenInspection>;
  /** The decision for every mapped route pattern (defaults + custom). */
  routeMatrix(token: string): Promise<RouteMatrix>;
  status(): AuthLayerStatus;
  /**
   * Takes a change of the JWKS file into force now, for every request that starts after it
   * resolves (the desk calls it after rewriting the trusted JWKS, so its 200 means "in force");
   * otherwise the file is looked at once a second.
   */
  reloadKeyFile(): Promise<void>;
  /** Stops file watchers and timers. */
  close(): void;
}

/**
 * A key that verified a token, or that was tried: `verification_keys[index]`, the
 * deprecated `secret_key`, or a key of the JWKS file (`index` in its `keys` array) or of
 * the JWKS endpoint, with its `kid`.
 */
export interface KeyRef {
  source: 'verification_keys' | 'secret_key' | 'jwks_file' | 'jwks_url';
  /** Position in `verification_keys` or in the JWKS file's `keys`; `null` when not applicable. */
  index: number | null;
  kid: string | null;
}

/** One step of key selection, in the order tried. */
export interface KeyAttempt extends KeyRef {
  outcome: 'verified' | 'signature_mismatch' | 'skipped' | 'error';
  /** Plain-language reason, e.g. `no key with kid k9; the file has kids k1, k2`. Never the token. */
  reason: string;
}

/** What `/desk/inspect` and `rundesk inspect` answer: the layer's decision, explained. */
export interface TokenInspection {
  method: string;
  path: string;
  outcome: AuthDecision['outcome'];
  /** The HTTP status the server answers with (200 = the auth layer lets it through). */
  status: 200 | 401 | 403;
  /** The 401/403 detail the server sends; `null` when let through. */
  detail: string | null;
  error_code: string | null;
  /** 401 reason (`missing`, `invalid`, ...), `forbidden` for 403, `null` otherwise. */
  reason: 'missing' | 'invalid' | 'expired' | 'audience' | 'not_yet_valid' | 'forbidden' | null;
  /** The `excluded_route_paths` entry (or `OPTIONS`) that let the request skip checks. */
  excluded_by: string | null;
  /** Decoded even when verification fails, whenever the token is decodable. */
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  decode_error: string | null;
  verification: {
    /** The `validate` setting: with `false` the token is only decoded. */
    validate: boolean;
    verified: boolean;
    verified_by: KeyRef | null;
    attempts: KeyAttempt[];
    /** Why verification failed, in plain language (the HTTP detail stays generic). */
    failure: string | null;
  };
  audience: { checked: boolean; expected: string[]; actual: string | string[] | null; ok: boolean | null };
  state: RequestAuthState | null;
  authorization_enabled: boolean;
  matched: MatchedMapping | null;
  required_scopes: string[];
  missing_scopes: string[];
  /** Per-resource routes: ids the token may use when not the one requested (`null` if n/a). */
  allowed_resource_ids: string[] | null;
  /** Set when the two `scope_matching` modes would decide this request by different rules. */
  platform_note: string | null;
  /** What the other `scope_matching` mode would answer, when it would decide by another rule. */
  other_verdict: OtherVerdict | null;
  /** Suggestions, e.g. a `scope` claim present while `scopes_claim` is `scopes`. */
  hints: string[];
}

/** The verdict of the `scope_matching` mode not in use, for the inspector. */
export interface OtherVerdict {
  scope_matching: 'platform' | 'specific';
  status: 200 | 403;
  matched: MatchedMapping | null;
  required_scopes: string[];
  detail: string | null;
}

/** One row of the UI's route matrix: a mapped route pattern and what the token may do there. */
export interface RouteMatrixRow {
  /** `GET /agents/*` */
  pattern: string;
  method: string;
  path: string;
  source: MatchedMapping['source'];
  /**
   * When another rule than the row's own decides the requests on its route (an earlier
   * platform default under `platform` matching, a custom rule under `specific`): that rule's
   * key; the row's scopes and status are then that rule's. `null` otherwise.
   */
  decided_by: string | null;
  required_scopes: string[];
  /** For an arbitrary resource id. */
  status: 200 | 401 | 403;
  /** `some`: only for the ids in `allowed_resource_ids` (per-resource scopes). */
  access: 'all' | 'some' | 'none';
  missing_scopes: string[];
  allowed_resource_ids: string[] | null;
  detail: string | null;
  /**
   * For a custom rule the platform's first-match order would shadow, or a default route
   * the platform would decide by another rule than rundesk.
   */
  platform_note: string | null;
}

export interface RouteMatrix {
  /** 401 when the token itself is refused (then every row is 401). */
  status: 200 | 401;
  detail: string | null;
  authorization_enabled: boolean;
  is_admin: boolean;
  rows: RouteMatrixRow[];
}

/** What the layer was built from, for the workbench (no secrets). */
export interface AuthLayerStatus {
  validate: boolean;
  algorithm: string;
  authorization_enabled: boolean;
  verification_keys: number;
  jwks_file: { path: string; kids: string[]; key_count: number; skipped: string[]; last_error: string | null } | null;
  jwks_url: { url: string; kids: string[] } | null;
  /** Effective mappings (defaults + custom), most specific first. */
  mappings: MatchedMapping[];
  excluded_route_paths: string[];
}
