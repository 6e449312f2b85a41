import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { sessionQueries } from '../../api/sessions/queries';
import type { SessionType } from '../../api-types/shapes';
import { parseSessionType, runHref, useDbLocation } from '../../lib/location';
import { useActingAs, type Actor } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { useLastError } from '../../lib/last-error';
import { buildRunTree, flattenRunTree } from '../../lib/runs';
import { useShortcut } from '../../platform/keyboard';
import { ActivityChart } from './ActivityChart';
import { RunTimeline } from './RunTimeline';
import { SessionBreadcrumbs, SessionHeader } from './SessionHeader';
import { SessionSide } from './SessionSide';
import { useRefetchRunsOnChange } from './useRefetchRunsOnChange';
import { Card } from '../../components/Card';
import pageStyles from '../../components/Page.module.css';
import layoutStyles from '../../components/layout.module.css';
import styles from './SessionPage.module.css';
import textStyles from '../../components/text.module.css';
import uiStyles from '../../components/ui.module.css';
import { cx } from '../../lib/cx';

/** Rows before the end of the loaded runs at which the next page is fetched. */
const NEXT_PAGE_AHEAD = 40;

export function SessionPage() {
  const { actor } = useActingAs();
  return <SessionView actor={actor} />;
}

function SessionView({ actor }: { actor: Actor }) {
  const { sessionId = '' } = useParams();
  const [params] = useSearchParams();
  const type = parseSessionType(params.get('type'));
  const loc = useDbLocation();
  const navigate = useNavigate();

  const session = useQuery(sessionQueries.detail(actor, sessionId, type, loc));
  // By pages of summaries: a 10,000-run session's first screen is one page, not every run in full.
  const runs = useInfiniteQuery(sessionQueries.runPages(actor, sessionId, type, loc));
  useMarkLoaded(!session.isPending || !runs.isPending);
  useRefetchRunsOnChange(session.data, runs.refetch);
  const loaded = useMemo(() => runs.data?.pages.flatMap((p) => p.runs), [runs.data]);
  const total = runs.data?.pages.at(-1)?.meta.total_count;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = runs;
  const onScrolledTo = useCallback(
    (lastVisible: number, count: number) => {
      if (hasNextPage && !isFetchingNextPage && lastVisible >= count - NEXT_PAGE_AHEAD) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const tree = useMemo(() => buildRunTree(loaded ?? []), [loaded]);
  const flat = useMemo(() => flattenRunTree(tree), [tree]);
  const effectiveType: SessionType | undefined = type ?? session.data?.session_type;
  const hrefOf = (runId: string) => runHref(sessionId, runId, effectiveType, loc);

  const [selected, setSelected] = useState(-1);
  const [scrollTo, setScrollTo] = useState<{ index: number } | null>(null);
  useShortcut(['j', 'k', 'Enter', 'o'], (e) => {
    if (flat.length === 0) return;
    if (e.key === 'Enter' || e.key === 'o') {
      const n = flat[Math.max(0, selected)];
      if (n) navigate(hrefOf(n.run.run_id));
      return;
    }
    const next = Math.max(0, Math.min(flat.length - 1, selected + (e.key === 'j' ? 1 : -1)));
    setSelected(next);
    setScrollTo({ index: next });
    onScrolledTo(next, flat.length);
  });

  // The polled detail keeps its failure through each poll (no skeleton between two errors).
  const error = useLastError(session) ?? runs.error;
  if (error && !session.data) {
    return (
      <div className={pageStyles.page}>
        <SessionBreadcrumbs loc={loc} sessionId={sessionId} />
        <RequestError error={error} retry={() => void Promise.all([session.refetch(), runs.refetch()])} />
      </div>
    );
  }

  const s = session.data;
  return (
    <div className={pageStyles.page}>
      <SessionBreadcrumbs loc={loc} sessionId={sessionId} name={s?.session_name ?? null} />
      <SessionHeader session={s} sessionId={sessionId} runs={loaded} total={total} />

      <div className={layoutStyles.twoCol}>
        <div className={layoutStyles.colMain}>
          {loaded && loaded.length > 0 && <ActivityChart runs={flat.map((n) => n.run)} onPick={(r) => navigate(hrefOf(r.run_id))} />}
          <Card
            title={
              <>
                Runs <span className={styles.countPill}>{total !== undefined ? formatCount(total) : '…'}</span>
              </>
            }
            actions={
              <span className={cx(textStyles.muted, textStyles.small)}>
                <kbd className={uiStyles.kbd}>j</kbd> <kbd className={uiStyles.kbd}>k</kbd> to move, <kbd className={uiStyles.kbd}>Enter</kbd> to open
              </span>
            }
           
          >
            {runs.isError ? (
              <RequestError error={runs.error} retry={() => void runs.refetch()} compact />
            ) : runs.isPending ? (
              <SkeletonRows rows={5} />
            ) : flat.length === 0 ? (
              <EmptyState icon="list" title="This session has no runs yet" />
            ) : (
              <RunTimeline nodes={flat} hrefOf={hrefOf} selected={selected} scrollTo={scrollTo} onScrolledTo={onScrolledTo} />
            )}
          </Card>
        </div>
        <aside className={layoutStyles.colSide}>{s && <SessionSide session={s} />}</aside>
      </div>
    </div>
  );
}
