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

/** The session type a run 404 names (`… ?type=team`), so a run URL without the right type can follow it. */
export function sessionTypeHint(detail: string): SessionType | undefined {
  return /\?type=(agent|team|workflow)\b/.exec(detail)?.[1] as SessionType | undefined;
}
