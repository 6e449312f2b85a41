import { AppError, type FieldIssue } from '../errors.js';

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

/**
 * One key of pasted key material that cannot be imported. `where` names it in the input
 * (`pem[0]`, `keys[2]`, `jwk`) and `reason` says why in one clause; the import collects one
 * `{ path: where, message: reason }` issue per bad key and refuses the whole input with a
 * `ValidationError`, so nothing half-applies.
 *
 * @example
 * throw new KeyMaterialError('pem[0]', 'encrypted private keys are not supported; import the public key instead');
 */
export class KeyMaterialError extends AppError {
  readonly code = 'INVALID_KEY_MATERIAL';

  constructor(
    readonly where: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${where}: ${reason}`, options);
  }

  get issue(): FieldIssue {
    return { path: this.where, message: this.reason };
  }
}
