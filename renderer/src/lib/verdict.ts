import type { InspectVerdict } from '../api/types';

/**
 * Reads a `/desk/inspect` verdict into what the "why was this refused" panel shows. Tolerant of
 * snake_case / camelCase and nesting (`decision.required_scopes`), so the panel keeps working
 * while the workbench API evolves.
 */
export interface VerdictView {
  status: number | null;
  outcome: string | null;
  detail: string | null;
  errorCode: string | null;
  requiredScopes: string[];
  missingScopes: string[];
  tokenScopes: string[];
  matchedPattern: string | null;
  userId: string | null;
  subject: string | null;
  audience: string | null;
  expiresAt: number | null;
  verifiedBy: string | null;
  /** Why verification failed (401), when the verdict says. */
  verificationFailure: string | null;
  /** Advice lines from the workbench (e.g. "authorization is off"). */
  hints: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function pick(sources: Obj[], ...keys: string[]): unknown {
  for (const s of sources) for (const k of keys) if (s[k] !== undefined && s[k] !== null) return s[k];
  return undefined;
}

function strings(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (typeof v === 'string' && v.trim()) return v.trim().split(/\s+/);
  return [];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/** Takes the documented `/desk/inspect` response, or any object shaped like an older one. */
export function readVerdict(v: InspectVerdict | Obj | null | undefined): VerdictView {
  const root: Obj = isObj(v) ? v : {};
  const nested = ['decision', 'verdict', 'result', 'error'].map((k) => root[k]).filter(isObj);
  const state = [root.request_state, root.state, root.requestState, ...nested.map((n) => n.state)].find(isObj) ?? {};
  const claims = [root.claims, ...nested.map((n) => n.claims), isObj(root.token) ? root.token.claims : undefined].find(isObj) ?? {};
  const src = [root, ...nested];

  const required = strings(pick(src, 'required_scopes', 'requiredScopes'));
  const tokenScopes = strings(pick([state, claims], 'scopes', 'scope', 'scp'));
  let missing = strings(pick(src, 'missing_scopes', 'missingScopes'));
  if (missing.length === 0 && required.length > 0 && pick(src, 'missing_scopes', 'missingScopes') === undefined) {
    missing = required.filter((s) => !tokenScopes.includes(s));
  }
  const matched = pick(src, 'matched_mapping', 'matchedMapping', 'matched', 'mapping');
  const statusRaw = pick(src, 'status', 'status_code', 'statusCode');
  const verification = isObj(root.verification) ? root.verification : {};
  const verified = pick([verification, ...src], 'verified_by', 'verifiedBy', 'key');
  const failure = verification.failure;

  return {
    status: typeof statusRaw === 'number' ? statusRaw : null,
    outcome: str(pick(src, 'outcome', 'decision_outcome')),
    detail: str(pick(src, 'detail', 'message', 'reason')),
    errorCode: str(pick(src, 'error_code', 'errorCode', 'code')),
    requiredScopes: required,
    missingScopes: missing,
    tokenScopes,
    matchedPattern: isObj(matched) ? str(matched.pattern) : str(matched),
    userId: str(state.user_id),
    subject: str(claims.sub),
    audience: Array.isArray(claims.aud) ? claims.aud.join(', ') : str(claims.aud),
    expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
    verifiedBy: isObj(verified)
      ? [str(verified.source), str(verified.kid)].filter(Boolean).join(' · ') || null
      : str(verified),
    verificationFailure: isObj(failure) ? str(failure.reason ?? failure.detail ?? failure.message ?? failure.code) : str(failure),
    hints: strings(pick(src, 'hints')),
  };
}
