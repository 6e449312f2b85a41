import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { evaluateAccess, insufficientScopesDetail, type AccessResult } from './access.js';
import { RESOURCE_FAMILIES } from './scopes.js';
import { readClaim } from './claims.js';
import { toMatched, type AuthCore, type Trace } from './core.js';
import { findMapping, type ScopeMapping, type ScopeMatching } from './scope-mappings.js';
import { divergenceNote } from './divergence.js';
import { platformShadow } from './platform-order.js';
import type { OtherVerdict, RouteMatrix, RouteMatrixRow, TokenInspection } from './types.js';

/**
 * The status of each of the auth layer's refusals. The error table takes its rows for these two
 * kinds from here, so the inspection's `status` is the one the layer answers with.
 */
export const DENY_STATUS = { UNAUTHENTICATED: 401, FORBIDDEN: 403 } as const;

/** Claims identity providers use for permissions, for the "set scopes_claim" hint. */
const SCOPE_LIKE_CLAIMS = ['scopes', 'scope', 'scp', 'permissions', 'roles', 'realm_access.roles'];

/** Turns a trace into the plain-data answer of `/desk/inspect` and `rundesk inspect`. */
export function toInspection(trace: Trace, core: AuthCore): TokenInspection {
  const s = core.config.settings;
  const d = trace.decision;
  const error = d.outcome === 'deny' ? d.error : null;
  const f = trace.findings;
  // On an excluded route the scope findings are for display only; nothing is missing.
  const access = d.outcome === 'excluded' ? null : trace.access;
  return {
    method: trace.method,
    path: trace.path,
    outcome: d.outcome,
    status: error ? DENY_STATUS[error.code] : 200,
    detail: error?.message ?? null,
    error_code: error?.code ?? null,
    reason: error instanceof UnauthenticatedError ? error.reason : error instanceof ForbiddenError ? 'forbidden' : null,
    excluded_by: trace.excludedBy,
    header: f?.header ?? null,
    claims: f?.claims ?? null,
    decode_error: f?.decodeError ?? null,
    verification: {
      validate: s.validate,
      verified: f?.verified ?? false,
      verified_by: f?.verifiedBy ?? null,
      attempts: f?.attempts ?? [],
      failure: f?.failure ?? null,
    },
    audience: f?.audience ?? { checked: false, expected: core.config.expectedAudiences, actual: null, ok: null },
    state: d.outcome === 'excluded' ? null : d.state,
    authorization_enabled: core.config.authorizationEnabled,
    matched: d.outcome === 'excluded' ? null : d.matched,
    required_scopes: d.outcome === 'excluded' ? [] : d.requiredScopes,
    missing_scopes: access?.missingScopes ?? [],
    allowed_resource_ids: access && !access.allowed ? access.perResourceIds : null,
    platform_note: platformNote(trace, core),
    other_verdict: otherVerdict(trace, core),
    hints: hints(trace, core),
  };
}

function platformNote(trace: Trace, core: AuthCore): string | null {
  if (trace.excludedBy !== null || !core.config.authorizationEnabled) return null;
  return divergenceNote(core.config.table, trace.method, trace.path);
}

/**
 * The decision the other `scope_matching` mode would give, when it would be decided by another
 * rule: the inspector shows both verdicts. `null` when both pick the same rule, on excluded
 * routes, with authorization off, or when the token is refused anyway (both 401).
 */
function otherVerdict(trace: Trace, core: AuthCore): OtherVerdict | null {
  const table = core.config.table;
  if (trace.excludedBy !== null || !core.config.authorizationEnabled || trace.decision.outcome === 'excluded') return null;
  const state = trace.decision.state;
  if (state === null) return null;
  const mode: ScopeMatching = table.matching === 'platform' ? 'specific' : 'platform';
  const mapping = findMapping(table, trace.method, trace.path, mode);
  if (mapping === trace.mapping) return null;
  const access = evaluateAccess({
    scopes: state.scopes,
    adminScope: core.config.settings.admin_scope,
    authorizationEnabled: true,
    mapping,
    method: trace.method,
    path: trace.path,
  });
  return {
    scope_matching: mode,
    status: access.allowed ? 200 : 403,
    matched: toMatched(mapping, mode),
    required_scopes: access.requiredScopes,
    detail: access.allowed ? null : insufficientScopesDetail(access),
  };
}

function hints(trace: Trace, core: AuthCore): string[] {
  const s = core.config.settings;
  const out: string[] = [];
  const claims = trace.findings?.claims;
  if (trace.excludedBy !== null) out.push(`${trace.excludedBy} skips token and scope checks; the token was examined for display only`);
  if (!s.validate) out.push('auth.validate is false: the signature, exp, nbf and audience are not checked');
  if (claims && core.config.authorizationEnabled && readClaim(claims, s.scopes_claim) === undefined) {
    const other = SCOPE_LIKE_CLAIMS.find((c) => c !== s.scopes_claim && readClaim(claims, c) !== undefined);
    if (other) out.push(`the token has no "${s.scopes_claim}" claim but has "${other}"; set auth.scopes_claim to "${other}" to use it`);
  }
  if (claims && readClaim(claims, s.user_id_claim) === undefined) {
    out.push(`the token has no "${s.user_id_claim}" claim, so user_id is null${s.user_isolation ? ' and user isolation shows no rows' : ''}`);
  }
  if (!core.config.authorizationEnabled) out.push('authorization is off: any valid token may call every route');
  else if (trace.excludedBy === null && trace.mapping === null) {
    out.push(`no scope mapping matches ${trace.method} ${trace.path}; any authenticated caller is let through`);
  }
  const note = platformNote(trace, core);
  if (note !== null) out.push(note);
  if (trace.excludedBy === null && trace.access !== null) out.push(...scopeHints(trace.access, trace.decision.outcome === 'deny' ? (trace.decision.state?.scopes ?? []) : []));
  return out;
}

/**
 * How the platform's scope check read this request, where it is not what a reader expects:
 * every scope of a mapping needed, a scope read as the path family's, per-resource scopes that
 * grant nothing off agent, team and workflow paths.
 */
function scopeHints(access: AccessResult, heldWhenDenied: readonly string[]): string[] {
  const out: string[] = [];
  if (access.requiredScopes.length > 1) {
    const missing = access.missingScopes.filter((m) => access.requiredScopes.includes(m));
    out.push(`needs all of: ${access.requiredScopes.join(', ')} (as on the platform)${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}`);
  }
  for (const r of access.rewritten) out.push(`on this path the platform reads ${r.scope} as ${r.as}: a scope of the path's family for its id`);
  const wanted = new Set(access.missingScopes.map((m) => m.split(':', 1)[0]));
  const idle = heldWhenDenied.filter((h) => {
    const parts = h.split(':');
    return parts.length === 3 && parts[1] !== '*' && parts[1] !== '' && wanted.has(parts[0]) && !RESOURCE_FAMILIES.includes(parts[0] as string);
  });
  if (idle.length > 0) {
    const [resource, , action] = (idle[0] as string).split(':');
    out.push(`${idle.join(', ')} grant${idle.length === 1 ? 's' : ''} nothing here: the platform reads resource ids only from /agents, /teams and /workflows paths; use ${resource}:${action} or ${resource}:*:${action}`);
  }
  return out;
}

/**
 * A request on a default route, its `{param}` segments kept as written
 * (`/sessions/{session_id}/runs/{run_id}`): a stand-in for "any id" that a custom rule
 * naming one literal id does not match.
 */
function samplePath(mapping: ScopeMapping): string {
  return mapping.pattern.text;
}

/**
 * The rule that decides requests on a row's route: for a default route, its own requests; for
 * a custom rule, requests its pattern names (its `*` read as an arbitrary id). Under
 * `platform` matching an earlier rule may decide them; under `specific` a custom rule beats a
 * default. A `*`-method rule is judged as written.
 */
function decidingMapping(core: AuthCore, row: ScopeMapping): ScopeMapping | null {
  if (row.pattern.method === '*') return row;
  return findMapping(core.config.table, row.pattern.method, samplePath(row));
}

/**
 * A custom row: where the platform would not apply it. A default row decided by another rule
 * than its own: where the two matching modes would pick different rules.
 */
function matrixNote(core: AuthCore, row: ScopeMapping): string | null {
  const table = core.config.table;
  if (row.source === 'custom') return platformShadow(table.customKeys, row.written)?.message ?? null;
  return divergenceNote(table, row.pattern.method, samplePath(row));
}

/**
 * The decision for every mapped route pattern, for an arbitrary resource id. A token that
 * fails authentication makes every row a 401.
 */
export async function buildRouteMatrix(core: AuthCore, token: string): Promise<RouteMatrix> {
  const entries = [...core.config.table.entries].sort((a, b) =>
    a.pattern.text === b.pattern.text ? a.pattern.method.localeCompare(b.pattern.method) : a.pattern.text.localeCompare(b.pattern.text),
  );
  const auth = await core.authenticate(token, true);
  const enabled = core.config.authorizationEnabled;
  const scopes = auth.ok ? core.scopesOf(auth.claims) : [];
  const rows = entries.map((row): RouteMatrixRow => {
    // A route's requests may be decided by another rule than the row's own (an earlier
    // platform default, or a custom rule): the row then answers as that rule does, and says so.
    const decider = decidingMapping(core, row);
    const mapping = decider ?? row;
    const base = {
      pattern: row.pattern.key,
      method: row.pattern.method,
      path: row.pattern.text,
      source: row.source,
      decided_by: mapping === row ? null : mapping.pattern.key,
      required_scopes: enabled ? [...mapping.scopes] : [],
      platform_note: enabled ? matrixNote(core, row) : null,
    };
    if (!auth.ok) {
      return { ...base, status: 401, access: 'none', missing_scopes: base.required_scopes, allowed_resource_ids: null, detail: auth.error.message };
    }
    // The row's own rule is judged for an arbitrary id; another rule is judged on the row's
    // route itself when it names no id (`GET /agents`: a listing by the platform's rule).
    const path = mapping !== row && row.pattern.exact ? row.pattern.text : null;
    const access = evaluateAccess({ scopes, adminScope: core.config.settings.admin_scope, authorizationEnabled: enabled, mapping, method: row.pattern.method, path });
    const ids = access.perResourceIds;
    return {
      ...base,
      status: access.allowed ? 200 : 403,
      // A listing let through for some ids answers those only: access "some".
      access: ids !== null ? (ids.length > 0 ? 'some' : 'none') : access.allowed ? 'all' : 'none',
      missing_scopes: access.missingScopes,
      allowed_resource_ids: access.perResourceIds,
      detail: access.allowed ? null : insufficientScopesDetail(access),
    };
  });
  return {
    status: auth.ok ? 200 : 401,
    detail: auth.ok ? null : auth.error.message,
    authorization_enabled: enabled,
    is_admin: scopes.includes(core.config.settings.admin_scope),
    rows,
  };
}
