import type { InspectVerdict } from '../api-types/shapes';

/**
 * What the "why was this refused" panel shows of a `/desk/inspect` verdict.
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

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/** Reads the `/desk/inspect` answer (its documented shape, `DeskInspectResponse`); nothing yet reads as empty. */
export function readVerdict(v: InspectVerdict | null | undefined): VerdictView {
  if (!v) {
    return {
      status: null, outcome: null, detail: null, errorCode: null, requiredScopes: [], missingScopes: [], tokenScopes: [],
      matchedPattern: null, userId: null, subject: null, audience: null, expiresAt: null, verifiedBy: null,
      verificationFailure: null, hints: [],
    };
  }
  const claims = v.claims ?? {};
  const by = v.verification.verified_by;
  return {
    status: v.status,
    outcome: v.outcome,
    detail: v.detail,
    errorCode: v.error_code,
    requiredScopes: v.required_scopes,
    missingScopes: v.missing_scopes,
    tokenScopes: v.state?.scopes ?? [],
    matchedPattern: v.matched?.pattern ?? null,
    userId: v.state?.user_id ?? null,
    subject: str(claims.sub),
    audience: Array.isArray(claims.aud) ? claims.aud.join(', ') : str(claims.aud),
    expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
    verifiedBy: by ? [by.source, by.kid].filter(Boolean).join(' · ') : null,
    verificationFailure: v.verification.failure,
    hints: v.hints,
  };
}
