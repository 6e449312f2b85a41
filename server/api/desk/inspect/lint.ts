import type { AuthSettings } from '../../../settings/schema.js';

/**
 * Token lint: things that are legal but usually a mistake. Warnings, not verdicts — the auth
 * layer decides; this explains what a stricter service, or the same service in production,
 * might do differently.
 */

export type LintCode =
  | 'alg_none'
  | 'alg_mismatch'
  | 'no_exp'
  | 'bad_time_claim'
  | 'long_lifetime'
  | 'no_aud'
  | 'short_hmac_secret'
  | 'key_url_header'
  | 'typ_not_at_jwt'
  | 'scopes_string'
  | 'scopes_nested'
  | 'no_scopes_claim'
  | 'no_user_id';

export interface LintWarning {
  code: LintCode;
  message: string;
}

/** What is known about the key that verified (or would verify) the token. */
export type LintKeyInfo = { kind: 'hmac'; secretBytes: number } | { kind: 'asymmetric' } | null;

/** Lifetimes above this are flagged: access tokens are meant to be short-lived. */
export const LONG_LIFETIME_SECONDS = 24 * 3600;

/** RFC 7518 §3.2: an HMAC key must be at least as long as the hash output. */
function minHmacBytes(alg: string): number {
  if (alg === 'HS384') return 48;
  if (alg === 'HS512') return 64;
  return 32;
}

function readClaimPath(claims: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  if (!name.includes('.')) return undefined;
  let current: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current) || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Claims where providers commonly put scopes, for "did you mean" hints. */
const SCOPE_CLAIM_CANDIDATES = ['scopes', 'scope', 'scp', 'permissions', 'roles', 'realm_access.roles', 'cognito:groups', 'org_permissions'];

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * @example
 * lintToken({ alg: 'RS256', typ: 'JWT' }, { sub: 'u1' }, settings.auth, { kind: 'asymmetric' })
 * // [{ code: 'no_exp', … }, { code: 'no_aud', … }, { code: 'typ_not_at_jwt', … }, …]
 */
export function lintToken(
  header: Readonly<Record<string, unknown>>,
  claims: Readonly<Record<string, unknown>>,
  settings: Pick<AuthSettings, 'algorithm' | 'scopes_claim' | 'audience_claim' | 'user_id_claim' | 'user_isolation'>,
  keyInfo: LintKeyInfo,
): LintWarning[] {
  const out: LintWarning[] = [];
  const alg = header.alg;

  if (typeof alg === 'string' && alg.toLowerCase() === 'none') {
    out.push({ code: 'alg_none', message: 'alg is "none": the token is unsigned and must never be accepted' });
  } else if (alg !== settings.algorithm) {
    out.push({
      code: 'alg_mismatch',
      message: `alg is ${typeof alg === 'string' ? alg : 'missing'}, but the settings accept only ${settings.algorithm}`,
    });
  }

  for (const name of ['jku', 'x5u', 'jwk'] as const) {
    if (header[name] !== undefined) {
      out.push({
        code: 'key_url_header',
        message: `the header carries "${name}": rundesk ignores it, but a server that follows it lets the token choose its own verification key`,
      });
    }
  }

  const typ = header.typ;
  const typOk = typeof typ === 'string' && ['at+jwt', 'application/at+jwt'].includes(typ.toLowerCase());
  if (!typOk) {
    out.push({
      code: 'typ_not_at_jwt',
      message: `typ is ${typeof typ === 'string' ? `"${typ}"` : 'missing'}; RFC 9068 access tokens use "at+jwt" so they cannot be confused with ID tokens`,
    });
  }

  for (const name of ['exp', 'nbf', 'iat'] as const) {
    if (claims[name] !== undefined && !isTime(claims[name])) {
      out.push({ code: 'bad_time_claim', message: `${name} is not a number of seconds since the epoch` });
    }
  }
  const exp = claims.exp;
  if (exp === undefined) {
    out.push({ code: 'no_exp', message: 'no exp claim: the token never expires' });
  } else if (isTime(exp)) {
    const start = isTime(claims.nbf) ? claims.nbf : isTime(claims.iat) ? claims.iat : null;
    if (start !== null && exp - start > LONG_LIFETIME_SECONDS) {
      out.push({
        code: 'long_lifetime',
        message: `lifetime is ${formatDuration(exp - start)}; access tokens usually live minutes to hours`,
      });
    }
  }

  if (readClaimPath(claims, settings.audience_claim) === undefined) {
    out.push({
      code: 'no_aud',
      message: `no ${settings.audience_claim} claim: the token is not bound to a service and could be replayed against another`,
    });
  }

  if (keyInfo?.kind === 'hmac' && typeof alg === 'string' && alg.startsWith('HS') && keyInfo.secretBytes < minHmacBytes(alg)) {
    out.push({
      code: 'short_hmac_secret',
      message: `the ${alg} secret is ${keyInfo.secretBytes} bytes; use at least ${minHmacBytes(alg)} random bytes`,
    });
  }

  const scopes = readClaimPath(claims, settings.scopes_claim);
  if (scopes === undefined) {
    const elsewhere = SCOPE_CLAIM_CANDIDATES.filter((c) => c !== settings.scopes_claim && readClaimPath(claims, c) !== undefined);
    out.push({
      code: 'no_scopes_claim',
      message:
        `no ${settings.scopes_claim} claim (the settings' scopes_claim), so the caller has no scopes` +
        (elsewhere.length > 0 ? `; the token has ${elsewhere.join(', ')} — set scopes_claim to one of them` : ''),
    });
  } else if (typeof scopes === 'string') {
    out.push({
      code: 'scopes_string',
      message: scopes.includes(',')
        ? `${settings.scopes_claim} is a string with commas; it is split on spaces only, so "${scopes.split(/\s+/)[0]}" is one scope`
        : `${settings.scopes_claim} is a space-delimited string (OAuth style); it is split on spaces`,
    });
  } else if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string')) {
    out.push({
      code: 'scopes_nested',
      message: Array.isArray(scopes)
        ? `${settings.scopes_claim} holds non-string entries, which are ignored`
        : `${settings.scopes_claim} is ${scopes === null ? 'null' : typeof scopes}, not a list of strings; it gives no scopes`,
    });
  }

  if (settings.user_isolation && readClaimPath(claims, settings.user_id_claim) === undefined) {
    out.push({
      code: 'no_user_id',
      message: `user isolation is on and the token has no ${settings.user_id_claim} claim: it sees no rows and cannot write`,
    });
  }
  return out;
}

export function formatDuration(seconds: number): string {
  if (seconds >= 86400) return `${Math.round((seconds / 86400) * 10) / 10} days`;
  if (seconds >= 3600) return `${Math.round((seconds / 3600) * 10) / 10} hours`;
  if (seconds >= 60) return `${Math.round(seconds / 60)} minutes`;
  return `${seconds} seconds`;
}
