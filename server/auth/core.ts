import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { evaluateAccess, insufficientScopesDetail, type AccessResult } from './access.js';
import { audienceFromClaim, audienceMatches, idFromClaim, pickClaims, readClaim, scopesFromClaim } from './claims.js';
import type { CompiledAuthConfig } from './config.js';
import { decodeToken, MAX_TOKEN_LENGTH } from './decode.js';
import { findExcludedPath } from './excluded-paths.js';
import { findMapping, type ScopeMapping, type ScopeMatching } from './scope-mappings.js';
import { missingTokenDetail } from './token-source.js';
import type { AuthDecision, KeyAttempt, KeyRef, MatchedMapping, RequestAuthState } from './types.js';
import type { TokenVerifier } from './verifier.js';

/** The stable 401 details, one per failure kind (the "why" goes to the workbench only). */
export const UNAUTHENTICATED_DETAILS = {
  invalid: 'Invalid token',
  expired: 'Token has expired',
  not_yet_valid: 'Token is not yet valid',
  audience: 'Invalid token audience',
} as const;

/** The 401 detail of a token over `MAX_TOKEN_LENGTH`. */
export function tokenTooLargeDetail(length: number): string {
  return `Token too large: ${length} bytes (limit ${MAX_TOKEN_LENGTH})`;
}

/** Everything learned about a token, whether or not it was accepted. */
export interface TokenFindings {
  header: Record<string, unknown> | null;
  claims: Record<string, unknown> | null;
  decodeError: string | null;
  verified: boolean;
  verifiedBy: KeyRef | null;
  attempts: KeyAttempt[];
  failure: string | null;
  audience: { checked: boolean; expected: string[]; actual: string | string[] | null; ok: boolean | null };
}

export type Authentication =
  | { ok: true; claims: Record<string, unknown>; findings: TokenFindings }
  | { ok: false; error: UnauthenticatedError; findings: TokenFindings };

/** One request's path through the layer; `decision` is what the server acts on. */
export interface Trace {
  method: string;
  path: string;
  excludedBy: string | null;
  mapping: ScopeMapping | null;
  findings: TokenFindings | null;
  access: AccessResult | null;
  decision: AuthDecision;
}

/**
 * The path part of what callers pass: inspection users paste `/agents?x=1` or
 * `agents`; the middleware already passes a clean path.
 */
function requestPath(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The plain-data form of a deciding rule. `override_key` is the `scope_mappings` key that
 * changes it: under `platform` matching a default is changed by redefining the platform's
 * own key that covers it (`GET /sessions/*`), as a key spelled like rundesk's route would be
 * appended behind it and never decide.
 */
export function toMatched(mapping: ScopeMapping | null, matching: ScopeMatching): MatchedMapping | null {
  if (!mapping) return null;
  const override_key = mapping.source === 'default' && matching === 'platform' ? mapping.platformKey : mapping.pattern.key;
  return { pattern: mapping.pattern.key, scopes: [...mapping.scopes], source: mapping.source, override_key };
}

/**
 * The pure decision procedure shared by the Express middleware, `/desk/inspect`, the CLI's
 * `inspect` and the route matrix: request line + token in, decision with reasons out.
 */
export class AuthCore {
  constructor(
    readonly config: CompiledAuthConfig,
    private readonly verifier: TokenVerifier,
  ) {}

  /** Decode, verify (unless `validate: false`) and check the audience. Never throws. */
  async authenticate(token: string, useCache: boolean): Promise<Authentication> {
    const s = this.config.settings;
    const findings: TokenFindings = {
      header: null,
      claims: null,
      decodeError: null,
      verified: false,
      verifiedBy: null,
      attempts: [],
      failure: null,
      audience: { checked: false, expected: this.config.expectedAudiences, actual: null, ok: null },
    };
    const deny = (reason: keyof typeof UNAUTHENTICATED_DETAILS, failure: string, cause?: unknown): Authentication => {
      findings.failure = failure;
      const error = new UnauthenticatedError(UNAUTHENTICATED_DETAILS[reason], reason, cause === undefined ? undefined : { cause });
      return { ok: false, error, findings };
    };

    // Still a 401 like any unusable token, but one that says why: a validly signed token that
    // is merely too long must not look forged.
    if (token.length > MAX_TOKEN_LENGTH) {
      const detail = tokenTooLargeDetail(token.length);
      findings.decodeError = detail;
      findings.failure = detail;
      return { ok: false, error: new UnauthenticatedError(detail, 'invalid'), findings };
    }
    const decoded = decodeToken(token);
    findings.header = decoded.header;
    if (!decoded.ok) {
      findings.decodeError = decoded.reason;
      return deny('invalid', `the token is malformed: ${decoded.reason}`);
    }
    findings.claims = decoded.claims;

    let claims = decoded.claims;
    if (s.validate) {
      const result = await this.verifier.verify(token, decoded.header, useCache);
      findings.attempts = result.attempts;
      findings.verifiedBy = result.verifiedBy;
      if (!result.ok) return deny(result.kind, result.failure, result.cause);
      findings.verified = true;
      claims = result.claims;
    }

    findings.audience.actual = audienceFromClaim(readClaim(claims, s.audience_claim));
    if (s.validate && s.verify_audience) {
      findings.audience.checked = true;
      findings.audience.ok = audienceMatches(findings.audience.actual, this.config.expectedAudiences);
      if (!findings.audience.ok) {
        const expected = this.config.expectedAudiences.join(', ');
        return deny('audience', `the "${s.audience_claim}" claim does not name ${expected}`);
      }
    }
    return { ok: true, claims, findings };
  }

  /** Request state for an authenticated caller. */
  stateFor(token: string, claims: Record<string, unknown>, access: AccessResult): RequestAuthState {
    const s = this.config.settings;
    return {
      authenticated: true,
      user_id: idFromClaim(readClaim(claims, s.user_id_claim)),
      session_id: idFromClaim(readClaim(claims, s.session_id_claim)),
      scopes: scopesFromClaim(readClaim(claims, s.scopes_claim)),
      audience: audienceFromClaim(readClaim(claims, s.audience_claim)),
      token,
      authorization_enabled: this.config.authorizationEnabled,
      dependencies: pickClaims(claims, s.dependencies_claims),
      session_state: pickClaims(claims, s.session_state_claims),
      accessible_resource_ids: access.accessibleResourceIds,
      is_admin: access.isAdmin,
      user_isolation: s.user_isolation,
    };
  }

  scopesOf(claims: Record<string, unknown>): string[] {
    return scopesFromClaim(readClaim(claims, this.config.settings.scopes_claim));
  }

  /**
   * The whole decision. With `explain`, the token is examined even on excluded routes and
   * the verification cache is bypassed, so the workbench can show every key attempt; the
   * outcome is the same either way.
   */
  async evaluate(input: { method: string; path: string; token: string | null; explain: boolean }): Promise<Trace> {
    const method = input.method.toUpperCase();
    const path = requestPath(input.path);
    // CORS preflights carry no credentials by design; they must reach the CORS handler.
    const excludedBy = method === 'OPTIONS' ? 'OPTIONS' : (findExcludedPath(this.config.excluded, path)?.written ?? null);
    const trace: Trace = {
      method,
      path,
      excludedBy,
      mapping: null,
      findings: null,
      access: null,
      decision: { outcome: 'excluded', pattern: excludedBy ?? '' },
    };
    if (excludedBy !== null && !input.explain) return trace;

    const enabled = this.config.authorizationEnabled;
    trace.mapping = enabled ? findMapping(this.config.table, method, path) : null;
    const matched = toMatched(trace.mapping, this.config.table.matching);
    const required = matched?.scopes ?? [];
    const settle = (decision: AuthDecision): Trace => {
      if (excludedBy === null) trace.decision = decision;
      return trace;
    };

    if (input.token === null) {
      const error = new UnauthenticatedError(missingTokenDetail(this.config.settings), 'missing');
      return settle({ outcome: 'deny', error, state: null, requiredScopes: required, matched });
    }
    const auth = await this.authenticate(input.token, !input.explain);
    trace.findings = auth.findings;
    if (!auth.ok) return settle({ outcome: 'deny', error: auth.error, state: null, requiredScopes: required, matched });

    const access = evaluateAccess({
      scopes: this.scopesOf(auth.claims),
      adminScope: this.config.settings.admin_scope,
      authorizationEnabled: enabled,
      mapping: trace.mapping,
      method,
      path,
    });
    trace.access = access;
    const state = this.stateFor(input.token, auth.claims, access);
    if (access.allowed) return settle({ outcome: 'allow', state, requiredScopes: access.requiredScopes, matched });
    const error = new ForbiddenError(insufficientScopesDetail(access), access.requiredScopes);
    return settle({ outcome: 'deny', error, state, requiredScopes: access.requiredScopes, matched });
  }
}
