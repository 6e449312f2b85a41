import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { deskQueries, route, useRequestStream } from '../../api';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { buttonClass } from '../../components/Button';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import layoutStyles from '../../components/layout.module.css';
import { RequestError } from '../errors/AuthExplain';
import { useMarkLoaded } from '../../lib/hooks';
import { runHref } from '../../lib/location';
import { cx } from '../../lib/cx';
import styles from './LiveRunPage.module.css';

type LiveEvent = { index: number; event: string; data: Record<string, unknown> };

/** One line for an event: what a developer looks for in it. */
function summary(e: LiveEvent): string {
  const d = e.data;
  const tool = d['tool'] as { tool_name?: unknown; tool_args?: unknown; result?: unknown } | undefined;
  if (/ToolCallStarted$/.test(e.event) && tool) return `${String(tool.tool_name)}(${JSON.stringify(tool.tool_args ?? {})})`;
  if (/ToolCallCompleted$/.test(e.event) && tool) return `${String(tool.tool_name)} → ${String(tool.result ?? '').slice(0, 160)}`;
  if (/ModelRequestCompleted$/.test(e.event)) return `${String(d['model'] ?? '')}: ${String(d['input_tokens'] ?? 0)} in, ${String(d['output_tokens'] ?? 0)} out`;
  if (typeof d['content'] === 'string') return d['content'].slice(0, 200);
  if (typeof d['step_name'] === 'string') return d['step_name'];
  return '';
}

/**
 * A run passing through rundesk, as it happens: each event as the agent streams it, tokens
 * counting up, the answer so far; then, once the agent has written it, a link to the stored run.
 */
export function LiveRunPage() {
  const requestId = Number(useParams().requestId);
  const stream = useRequestStream();
  const q = useQuery({ ...deskQueries.liveRun(requestId, stream === 'open'), enabled: Number.isInteger(requestId) });
  const run = q.data;
  const ended = run !== undefined && run.status !== 'running';
  // Once the stream ended, the agent has written (or is writing) the run: read it back.
  const stored = useQuery({
    queryKey: ['live-stored', run?.session_id, run?.run_id],
    queryFn: ({ signal }) =>
      route('get', '/desk/view/sessions/{session_id}/runs/{run_id}', { path: { session_id: run!.session_id!, run_id: run!.run_id! }, signal }),
    enabled: ended && !!run?.run_id && !!run?.session_id,
    retry: 20,
    retryDelay: 500,
  });
  useMarkLoaded(!q.isPending);

  if (q.isError) {
    return (
      <div className={pageStyles.page}>
        <RequestError error={q.error} retry={() => void q.refetch()} />
      </div>
    );
  }
  if (!run) return <SkeletonRows rows={6} />;
  const tone = run.status === 'running' ? 'info' : run.status === 'completed' ? 'ok' : 'danger';
  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-testid="live-run-page" data-status={run.status} data-stream={stream}>
      <PageHeader
        title={`Live ${run.kind} run: ${run.component_id}`}
        subtitle={
          <>
            <Badge tone={tone} testId="live-status">
              {run.status}
            </Badge>{' '}
            <span className={textStyles.mono}>{run.run_id ?? 'waiting for the first event'}</span>
          </>
        }
        actions={
          <>
            <Link to="/requests" className={buttonClass({ size: 'sm' })}>
              Requests
            </Link>
            {stored.data && run.run_id && run.session_id ? (
              <Link
                to={runHref(run.session_id, run.run_id, run.kind, {})}
                className={buttonClass({ size: 'sm', variant: 'primary' })}
                data-testid="stored-run-link"
              >
                Open the stored run
              </Link>
            ) : ended ? (
              <span className={textStyles.muted}>waiting for the agent to store the run…</span>
            ) : null}
          </>
        }
      />
      <div className={layoutStyles.row} data-testid="live-tokens">
        <Badge>{run.tokens.input} in</Badge>
        <Badge>{run.tokens.output} out</Badge>
        <Badge tone="accent">{run.tokens.total} tokens</Badge>
        <Badge>{run.events.length + run.dropped_events} events</Badge>
      </div>
      <Card variant="panel" title={run.status === 'running' ? 'Answer so far' : 'Answer'}>
        <pre className={styles.content} data-testid="live-content">
          {run.content || '…'}
        </pre>
      </Card>
      <Card variant="panel" title="Events, as they arrived">
        {run.events.length === 0 ? (
          <EmptyState icon="list" title="No event yet" />
        ) : (
          <ol className={styles.events} data-testid="live-events">
            {run.events.map((e) => (
              <li key={e.index} data-event={e.event}>
                <span className={cx(textStyles.mono, styles.name)}>{e.event}</span> <span className={textStyles.muted}>{summary(e)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
