import { AppError } from '../../errors.js';

/**
 * Untrusting or deleting `kid` would leave the server no key to verify tokens with: it is the
 * last trusted key for the configured algorithm in the trusted JWKS, and no other key source is
 * configured. Refused unless the caller confirms, so the desk warns before locking everyone out.
 *
 * @example
 * throw new LastTrustedKeyError('rs256-1a2b', 'RS256', '/data/keys/trusted.jwks.json');
 */
export class LastTrustedKeyError extends AppError {
  readonly code = 'LAST_TRUSTED_KEY';

  constructor(
    readonly kid: string,
    readonly algorithm: string,
    readonly jwksPath: string,
    options?: { cause?: unknown },
  ) {
    super(
      `Key ${kid} is the last trusted ${algorithm} key in ${jwksPath} and no other key source is configured: without it the server refuses every token. Confirm to do it anyway.`,
      options,
    );
  }
}
