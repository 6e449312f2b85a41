import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { kidMiss, keysForKid } from './jwk-set.js';
import type { JwksFile } from './jwks-file.js';
import type { RemoteJwks } from './jwks-url.js';
import type { VerifyKey } from './key-material.js';
import { ownAuthCaches, TokenCache, type AuthCaches } from './token-cache.js';
import type { AuthDecision, KeyAttempt, KeyRef } from './types.js';

/** The platform's leeway for `exp` and `nbf` between the token issuer's clock and ours. */
export const CLOCK_TOLERANCE_SECONDS = 10;
/** Cached verifications of tokens without `exp` are redone after this long. */
const MAX_CACHE_TTL_MS = 10 * 60_000;

export type FailureKind = 'invalid' | 'expired' | 'not_yet_valid';

export type VerifyResult =
  | {
      ok: true;
      claims: Record<string, unknown>;
      verifiedBy: KeyRef;
      attempts: KeyAttempt[];
      cached: boolean;
    }
  | {
      ok: false;
      kind: FailureKind;
      /** Plain-language reason for the workbench; the HTTP detail stays generic. */
      failure: string;
      /** The jose error, for logs (`cause`). */
      cause: unknown;
      /** For `expired`/`not_yet_valid`: the key whose signature did match. */
      verifiedBy: KeyRef | null;
      attempts: KeyAttempt[];
    };

export interface StaticKey {
  ref: KeyRef;
  key: VerifyKey;
}

export interface VerifierOptions {
  algorithm: string;
  staticKeys: readonly StaticKey[];
  jwksFile: JwksFile | null;
  remote: RemoteJwks | null;
  now: () => number;
  /** Called before every signature check (tests count them to prove the cache works). */
  onSignatureCheck?: (() => void) | undefined;
  /** Verified-token entries when the verifier keeps its own caches (no `caches`). Default 1000. */
  cacheSize?: number | undefined;
  /** Where verified tokens and decisions are kept (the server's caches); default its own. */
  caches?: AuthCaches | undefined;
  /** The auth layer this verifier serves: entries of another layer never match. */
  layer?: object | undefined;
}

/** A token that verified, as the cache keeps it. */
export interface VerifiedToken {
  claims: Record<string, unknown>;
  verifiedBy: KeyRef;
}

interface Candidate {
  ref: KeyRef;
  key: VerifyKey | JWTVerifyGetKey;
}

type Step =
  | { kind: 'next'; outcome: KeyAttempt['outcome']; reason: string }
  | { kind: 'stop'; failure: FailureKind; reason: string; afterSignature: boolean };

/**
 * Verifies signed tokens against the configured key sources: JWKS file keys
 * chosen by `kid`, then the JWKS endpoint, then the static keys in order; the first key
 * that verifies wins. Only the configured algorithm is accepted, which rules out
 * `alg: none` and HS256 signed with a public key as the secret.
 */
export class TokenVerifier {
  private readonly cache: TokenCache<VerifiedToken>;

  constructor(private readonly opts: VerifierOptions) {
    this.cache = new TokenCache(opts.caches ?? ownAuthCaches(opts.cacheSize ?? 1000), opts.layer ?? this);
  }

  /** Bumped whenever the key set changes, so a verification that began before is not cached after. */
  private generation = 0;

  clearCache(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** Whether key material can change under a running layer (a JWKS file), see `keysCurrent`. */
  get watchesKeyFile(): boolean {
    return this.opts.jwksFile !== null;
  }

  /**
   * Re-reads a changed JWKS file (rotation); what the old keys verified is forgotten. `now`
   * skips the once-a-second throttle (see `JwksFile.refresh`).
   */
  async keysCurrent(now = false): Promise<void> {
    if (this.opts.jwksFile && (await this.opts.jwksFile.refresh(now))) this.clearCache();
  }

  /**
   * The cached verification of `token` while it is still valid (and marks it recently used).
   * Call `keysCurrent` first when `watchesKeyFile`.
   */
  cached(token: string): { value: VerifiedToken; id: number; expiresAt: number } | undefined {
    return this.cache.get(token, this.opts.now());
  }

  /** The allow decision memoised for a cached token's entry and a request line. */
  decision(entryId: number, line: string): AuthDecision | undefined {
    return this.cache.decision(entryId, line);
  }

  rememberDecision(entryId: number, line: string, decision: AuthDecision): void {
    this.cache.rememberDecision(entryId, line, decision);
  }

  /**
   * @param header the token's decoded protected header (see `decodeToken`).
   * @param useCache inspection passes `false` to list every key attempt afresh.
   */
  async verify(token: string, header: Record<string, unknown>, useCache = true): Promise<VerifyResult> {
    const alg = header.alg;
    if (alg !== this.opts.algorithm) {
      const shown = typeof alg === 'string' ? alg : JSON.stringify(alg ?? null);
      return fail('invalid', `the token is signed with ${shown}; only ${this.opts.algorithm} is accepted`, null, null, []);
    }
    // A changed JWKS file (rotation) invalidates what the old keys verified.
    if (this.watchesKeyFile) await this.keysCurrent();

    const now = this.opts.now();
    const generation = this.generation;
    if (useCache) {
      const hit = this.cache.get(token, now);
      if (hit) return { ok: true, claims: hit.value.claims, verifiedBy: hit.value.verifiedBy, attempts: [], cached: true };
    }

    const kid = typeof header.kid === 'string' ? header.kid : null;
    const attempts: KeyAttempt[] = [];
    let lastCause: unknown = null;
    for (const candidate of this.candidates(kid, attempts)) {
      try {
        this.opts.onSignatureCheck?.();
        const { payload } = await jwtVerify(token, candidate.key as VerifyKey, {
          algorithms: [this.opts.algorithm],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: new Date(now),
        });
        const claims = payload as Record<string, unknown>;
        attempts.push({ ...candidate.ref, outcome: 'verified', reason: 'the signature matches this key' });
        if (generation === this.generation) this.cache.set(token, { claims, verifiedBy: candidate.ref }, expiry(claims, now));
        return { ok: true, claims, verifiedBy: candidate.ref, attempts, cached: false };
      } catch (err) {
        lastCause = err;
        const step = this.classify(err, kid, candidate.ref);
        if (step.kind === 'stop') {
          // Claims are checked only after the signature: then this key did match.
          attempts.push(
            step.afterSignature
              ? { ...candidate.ref, outcome: 'verified', reason: `the signature matches this key, but ${step.reason}` }
              : { ...candidate.ref, outcome: 'error', reason: step.reason },
          );
          return fail(step.failure, step.reason, err, step.afterSignature ? candidate.ref : null, attempts);
        }
        attempts.push({ ...candidate.ref, outcome: step.outcome, reason: step.reason });
      }
    }
    const failure = attempts.length === 0 ? 'no verification key is configured' : 'no configured key verified the signature';
    return fail('invalid', failure, lastCause, null, attempts);
  }

  private candidates(kid: string | null, attempts: KeyAttempt[]): Candidate[] {
    const out: Candidate[] = [];
    const file = this.opts.jwksFile;
    if (file) {
      const keys = keysForKid(file.keys, kid);
      if (keys.length === 0) {
        attempts.push({ source: 'jwks_file', index: null, kid, outcome: 'skipped', reason: kidMiss(kid, file.keys.kids, 'the file') });
      }
      for (const k of keys) out.push({ ref: { source: 'jwks_file', index: k.index, kid: k.kid }, key: k.key });
    }
    if (this.opts.remote) out.push({ ref: { source: 'jwks_url', index: null, kid }, key: this.opts.remote.getKey });
    for (const k of this.opts.staticKeys) out.push(k);
    return out;
  }

  /** Maps a jose failure to "try the next key" or "stop here", by `err.code` only. */
  private classify(err: unknown, kid: string | null, ref: KeyRef): Step {
    const code = (err as { code?: unknown } | null)?.code;
    switch (code) {
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        return { kind: 'next', outcome: 'signature_mismatch', reason: 'the signature does not match this key' };
      case 'ERR_JWKS_NO_MATCHING_KEY':
        return { kind: 'next', outcome: 'skipped', reason: kidMiss(kid, this.opts.remote?.kids() ?? [], 'the endpoint') };
      case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
        return { kind: 'next', outcome: 'skipped', reason: 'the endpoint has several keys for this algorithm and the token has no kid to pick one' };
      case 'ERR_JWKS_TIMEOUT':
        return { kind: 'next', outcome: 'error', reason: 'the JWKS endpoint did not answer in time' };
      case 'ERR_JWKS_INVALID':
        return { kind: 'next', outcome: 'error', reason: 'the JWKS endpoint returned an invalid key set' };
      case 'ERR_JWK_INVALID':
        return { kind: 'next', outcome: 'error', reason: 'the key is not a valid JWK' };
      case 'ERR_JWT_EXPIRED': {
        const exp = (err as { payload?: { exp?: unknown } }).payload?.exp;
        const at = typeof exp === 'number' ? ` at ${new Date(exp * 1000).toISOString()}` : '';
        return { kind: 'stop', failure: 'expired', reason: `the token expired${at} (${CLOCK_TOLERANCE_SECONDS} s tolerance)`, afterSignature: true };
      }
      case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
        const { claim, reason } = err as { claim?: string; reason?: string };
        if (claim === 'nbf' && reason === 'check_failed') {
          return { kind: 'stop', failure: 'not_yet_valid', reason: `the token is not valid before its nbf (${CLOCK_TOLERANCE_SECONDS} s tolerance)`, afterSignature: true };
        }
        return { kind: 'stop', failure: 'invalid', reason: `the "${claim ?? '?'}" claim is ${reason === 'invalid' ? 'malformed' : 'not acceptable'}`, afterSignature: true };
      }
      case 'ERR_JWT_INVALID':
        return { kind: 'stop', failure: 'invalid', reason: 'its payload is not a valid JWT claims set', afterSignature: true };
      case 'ERR_JWS_INVALID':
        return { kind: 'stop', failure: 'invalid', reason: 'the token is not a well-formed JWS', afterSignature: false };
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
        return { kind: 'stop', failure: 'invalid', reason: `only ${this.opts.algorithm} is accepted`, afterSignature: false };
      case 'ERR_JOSE_NOT_SUPPORTED':
        return { kind: 'stop', failure: 'invalid', reason: 'the token uses an unsupported JWS feature', afterSignature: false };
      default:
        // A fetch that failed (offline, refused, non-200) surfaces as a plain error or a
        // bare JOSEError; either way this key source could not answer, so try the next.
        return {
          kind: 'next',
          outcome: 'error',
          reason: ref.source === 'jwks_url' ? 'the JWKS endpoint could not be fetched' : 'the key could not be used',
        };
    }
  }
}

function fail(
  kind: FailureKind,
  failure: string,
  cause: unknown,
  verifiedBy: KeyRef | null,
  attempts: KeyAttempt[],
): VerifyResult {
  return { ok: false, kind, failure, cause, verifiedBy, attempts };
}

/** Cached until the token's `exp` (plus the tolerance jose grants), capped for tokens without one. */
function expiry(claims: Record<string, unknown>, now: number): number {
  const cap = now + MAX_CACHE_TTL_MS;
  return typeof claims.exp === 'number' ? Math.min(claims.exp * 1000 + CLOCK_TOLERANCE_SECONDS * 1000, cap) : cap;
}
