import { AppError } from '../errors.js';

/** Why a text is not a key set; each has its one clause in `KEY_SET_CLAUSES`. */
export type KeySetProblem = 'not_json' | 'not_a_key_set';

const KEY_SET_CLAUSES: Record<KeySetProblem, string> = {
  not_json: 'is not valid JSON',
  not_a_key_set: 'is not a JWKS document (an object with a "keys" array)',
};

/**
 * A text that is not a JWKS document at all (a document with no usable key is not an error: it
 * is an empty set). `clause` completes a sentence about where the text came from, so a caller
 * names the source without reading the message: `auth.jwks_file /x.json is not valid JSON`.
 *
 * @example
 * throw new KeySetError('not_json');
 */
export class KeySetError extends AppError {
  readonly code = 'INVALID_KEY_SET';
  readonly clause: string;

  constructor(
    readonly problem: KeySetProblem,
    options?: { cause?: unknown },
  ) {
    const clause = KEY_SET_CLAUSES[problem];
    super(`The key set ${clause}`, options);
    this.clause = clause;
  }
}

/**
 * The JWKS file of `auth.jwks_file` cannot be used: unreadable (`FileReadError` as the cause) or
 * not a key set (`KeySetError` as the cause). `reason` is the clause about the file, the same
 * text the workbench shows as the file's last error.
 *
 * @example
 * throw new JwksFileError('/keys/trusted.jwks.json', 'does not exist');
 */
export class JwksFileError extends AppError {
  readonly code = 'JWKS_FILE_UNUSABLE';

  constructor(
    readonly path: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`auth.jwks_file ${path} ${reason}`, options);
  }
}

export type KeyError = KeySetError | JwksFileError;
