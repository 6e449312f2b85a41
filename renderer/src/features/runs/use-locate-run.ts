import { useQueries, useQuery } from '@tanstack/react-query';
import { deskQueries } from '../../api/desk/queries';
import { runQueries } from '../../api/sessions/queries';
import type { SessionType } from '../../api-types/shapes';
import type { Actor } from '../../auth/acting-as';

/**
 * Where a run link without `?db=` points: every attached database is asked for the run (in
 * parallel), and the answer is the database that holds it — the answering one first when it
 * does, else the first in the list that does. `db` is undefined while asking (`pending`), null
 * when no database holds it. Links made from there carry `db`, so a shared link keeps working
 * when the answering database changes.
 */
export function useLocateRun(actor: Actor, sessionId: string, runId: string, type: SessionType | undefined, enabled: boolean): { pending: boolean; db: string | null | undefined } {
  const dbs = useQuery({ ...deskQueries.databases(), enabled });
  const list = enabled ? (dbs.data ?? []) : [];
  const answers = useQueries({
    queries: list.map((d) => ({ ...runQueries.detail(actor, sessionId, runId, type, { db: d.id }), retry: false, refetchInterval: false as const })),
  });
  if (!enabled) return { pending: false, db: undefined };
  if (dbs.isError) return { pending: false, db: null };
  if (!dbs.data) return { pending: true, db: undefined };
  const answering = list.findIndex((d) => d.answers_without_db_id);
  if (answering >= 0 && answers[answering]?.data) return { pending: false, db: list[answering]!.id };
  if (answers.some((a) => a.isPending)) return { pending: true, db: undefined };
  const found = answers.findIndex((a) => !!a.data);
  return { pending: false, db: found >= 0 ? list[found]!.id : null };
}
