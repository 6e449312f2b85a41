import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { traceQueries } from '../../api/observability/queries';
import { runNeighbourQueries, runQueries } from '../../api/sessions/queries';
import type { AgnoMessage, AnyRun } from '../../api-types/shapes';
import { isTeamRun } from '../../lib/runs';
import { parseSessionType, runHref, useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { SkeletonRows } from '../../components/ui';
import { spanKind } from '../../lib/trace/kind';
import { messageForSpan, owningRunId } from '../../lib/trace/match';
import type { SpanNode, SpanTree } from '../../lib/trace/tree';
import { compareWithHref, traceHref } from './links';
import { TraceView } from './TraceView';
import { useTraceInTwoSteps } from './use-trace-in-two-steps';
import { TracingEmpty } from './TracingEmpty';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import type { ReactNode } from 'react';
import styles from './RunTrace.module.css';

/**
 * The run page's trace, first under the header (the waterfall is what a reader of a run looks
 * at first). Agno writes one trace per top-level run, member runs inside it, so a member run
 * shows its parent's trace with its own agent span selected. The selected span is kept in the
 * URL (`span=`), which is where "back from the conversation" returns to. A run without a trace
 * gets one line saying so (and how to turn tracing on), not a screenful.
 */
export function RunTrace({ run, nearbyRuns, maxHeight }: { run: AnyRun; nearbyRuns: AnyRun[] | undefined; maxHeight?: string }) {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const { sessionId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const type = parseSessionType(params.get('type'));
  const topRunId = run.parent_run_id || run.run_id;
  // The member spans' messages: the top run's children and the top run itself, in full (the
  // page's nearby runs are summaries). An agent run on its own has neither.
  const nested = !!run.parent_run_id || isTeamRun(run);
  const membersQ = useQuery({ ...runNeighbourQueries.children(actor, sessionId, topRunId, type, loc), enabled: nested });
  const parentQ = useQuery({ ...runQueries.detail(actor, sessionId, topRunId, type, loc), enabled: !!run.parent_run_id });
  const summaryQ = useQuery(traceQueries.ofRun(actor, topRunId, loc));
  const traceId = summaryQ.data?.trace_id;
  // A large trace's first screen first, as on the trace page.
  const detailQ = useTraceInTwoSteps(actor, traceId ?? '', loc, !!traceId);

  if (summaryQ.isError) return <TraceSection><RequestError error={summaryQ.error} retry={() => void summaryQ.refetch()} /></TraceSection>;
  if (detailQ.isError) return <TraceSection><RequestError error={detailQ.error} retry={() => void detailQ.refetch()} /></TraceSection>;
  if (summaryQ.isPending || (traceId && !detailQ.data)) return <TraceSection><SkeletonRows rows={6} /></TraceSection>;
  if (!detailQ.data) {
    return (
      <details className={styles.noTrace} data-testid="run-no-trace">
        <summary>No trace was recorded for this run</summary>
        <TracingEmpty what="No trace was recorded for this run" />
      </details>
    );
  }

  const data = detailQ.data;
  const detail = data.head;
  // A member run's own agent span (its `run_id`), selected on arrival.
  const memberSpan = run.parent_run_id ? (data.spans.find((s) => s.metadata.run_id === run.run_id)?.id ?? null) : null;
  const full = [run, ...(parentQ.data ? [parentQ.data] : []), ...(membersQ.data ?? [])];
  const messagesOf = (runId: string): AgnoMessage[] => {
    const r = full.find((x) => x.run_id === runId);
    return ((r as { messages?: AgnoMessage[] | null } | undefined)?.messages ?? []) as AgnoMessage[];
  };

  return (
    <TraceSection
      actions={
        <>
          <Link className={cx(textStyles.mono, textStyles.small)} to={traceHref(detail.trace_id, loc)} data-testid="run-trace-link">
            {detail.trace_id}
          </Link>
          <Link className={buttonClass({ size: 'xs' })} to={compareWithHref(detail.trace_id, loc)} data-testid="compare-with">
            Compare with…
          </Link>
        </>
      }
    >
      <TraceView
        key={detail.trace_id}
        trace={data}
        maxHeight={maxHeight}
        selectedId={params.get('span') ?? memberSpan}
        onSelect={(id) => {
          const next = new URLSearchParams(params);
          next.set('span', id);
          setParams(next, { replace: true });
        }}
        spanActions={(node, tree) => (
          <SpanLinks
            node={node}
            tree={tree}
            currentRunId={run.run_id}
            messagesOf={messagesOf}
            hrefOf={(runId, tab, extra) => runHref(sessionId, runId, type, loc, tab, extra)}
            navigate={navigate}
            knownRun={(id) => full.some((r) => r.run_id === id) || !!nearbyRuns?.some((r) => r.run_id === id)}
          />
        )}
      />
    </TraceSection>
  );
}

function TraceSection({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Card title="Trace" actions={actions} className={styles.section} testId="run-trace" id="run-trace">
      {children}
    </Card>
  );
}

function SpanLinks({
  node,
  tree,
  currentRunId,
  messagesOf,
  hrefOf,
  navigate,
  knownRun,
}: {
  node: SpanNode;
  tree: SpanTree;
  currentRunId: string;
  messagesOf: (runId: string) => AgnoMessage[];
  hrefOf: (runId: string, tab: string | undefined, extra: Record<string, string>) => string;
  navigate: (to: string) => void;
  knownRun: (runId: string) => boolean;
}) {
  const kind = spanKind(node.span);
  const runId = owningRunId(node);
  if ((kind === 'model' || kind === 'tool') && runId) {
    const target = messageForSpan(tree, node, messagesOf(runId));
    if (!target) return null;
    const label = kind === 'model' ? 'Show the message' : 'Show the tool call';
    return (
      <Button
        size="xs"
        data-testid="jump-to-message"
        onClick={() => navigate(hrefOf(target.runId, 'conversation', { msg: String(target.messageIndex), span: node.span.id }))}
      >
        {label}
        {target.runId !== currentRunId ? ' (member run)' : ''}
      </Button>
    );
  }
  const ownRun = typeof node.span.metadata.run_id === 'string' ? node.span.metadata.run_id : null;
  if (ownRun && ownRun !== currentRunId && knownRun(ownRun)) {
    return (
      <Link className={buttonClass({ size: 'xs' })} to={hrefOf(ownRun, undefined, { span: node.span.id })} data-testid="open-span-run">
        Open this run
      </Link>
    );
  }
  return null;
}
