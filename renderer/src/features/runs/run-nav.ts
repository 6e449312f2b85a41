import type { SessionType } from '../../api/types';

/** Position of a run in the session's run order and the runs before and after it (for j/k). */
export function neighboursOf(order: string[], runId: string): { pos: number; prevId: string | undefined; nextId: string | undefined } {
  const pos = order.indexOf(runId);
  return {
    pos,
    prevId: pos > 0 ? order[pos - 1] : undefined,
    nextId: pos >= 0 && pos < order.length - 1 ? order[pos + 1] : undefined,
  };
}

const SESSION_TYPES: readonly SessionType[] = ['agent', 'team', 'workflow'];

/**
 * The session's actual type, from the `session_type` field of a run 404 asked with the wrong
 * type, so a run URL without the right type can follow it; `undefined` when the body names none.
 */
export function sessionTypeOfNotFound(body: unknown): SessionType | undefined {
  const named = body && typeof body === 'object' ? (body as { session_type?: unknown }).session_type : undefined;
  return SESSION_TYPES.find((t) => t === named);
}
