import type { AppError } from '../errors.js';

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

/** SPEC §5.4, set on every authenticated request. */
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
      /** An `UnauthenticatedError` (401) or `ForbiddenError` (403). */
      error: AppError;
      state: RequestAuthState | null;
      requiredScopes: string[];
      matched: MatchedMapping | null;
    };

/** Built once per settings version (startup, or a live settings change). */
export interface AuthLayer {
  authorize(request: AuthRequest): Promise<AuthDecision>;
  /** Stops file watchers and timers. */
  close(): void;
}
