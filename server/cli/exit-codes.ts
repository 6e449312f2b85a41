import { ERROR_TABLE } from '../error-table.js';
import type { DeskAnswer } from './desk-call.js';

/**
 * The exit code for a failed workbench answer: its `error_code`'s row in the error table, so a
 * CLI command that goes through `/desk` fails with the same code as one that calls the code
 * directly (2 for a bad argument, 69 for an unusable database, …); 1 for anything else.
 */
export function exitCodeOfAnswer(answer: DeskAnswer): number {
  const code = answer.body?.error_code;
  if (typeof code === 'string' && code in ERROR_TABLE) return ERROR_TABLE[code as keyof typeof ERROR_TABLE].exitCode;
  return 1;
}
