import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { deskQueries, useRequestStream } from '../../api';
import { Badge } from '../../components/Badge';
import { DenseTable } from '../../components/DenseTable';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/ui';
import { buttonClass } from '../../components/Button';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import { useMarkLoaded } from '../../lib/hooks';
import { runHref } from '../../lib/location';
import { cx } from '../../lib/cx';

const ms = (v: number | null) => (v === null ? '—' : v < 10 ? v.toFixed(1) : String(Math.round(v)));

/**
 * The network panel of agent development: every platform request through rundesk, newest
 * first — who asked (the token's subject), what the auth layer decided and by which rule, the
 * status, time to first byte and duration, and the run it produced.
 */
export function RequestsPage() {
  const stream = useRequestStream();
  const q = useQuery(deskQueries.requests(stream === 'open'));
  useMarkLoaded(!q.isPending);
  const rows = [...(q.data ?? [])].reverse();
  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-testid="requests-page" data-stream={stream}>
      <PageHeader
        title="Requests"
        subtitle="Every platform request through rundesk (the newest 500): the auth verdict and the rule that decided it, the status, time to first byte and duration, and the run it produced."
        actions={
          <>
            <Badge
              tone={stream === 'open' ? 'ok' : 'muted'}
              testId="requests-stream"
              title={stream === 'open' ? 'Updated by the server as requests happen' : 'The update stream is not open: asking every second'}
            >
              {stream === 'open' ? 'live' : 'polling'}
            </Badge>
            <Link to="/run" className={buttonClass({ size: 'sm', variant: 'primary' })}>
              Run an agent
            </Link>
          </>
        }
      />
      {rows.length === 0 ? (
        <EmptyState icon="list" title="No requests yet">
          Point a client at this server, or run an agent from the <Link to="/run">Run</Link> page.
        </EmptyState>
      ) : (
        <DenseTable
          wrap="framed"
          testId="requests-table"
          columns={['Time', 'Request', 'Subject', 'Verdict', { label: 'Status', num: true }, { label: 'TTFB ms', num: true }, { label: 'Total ms', num: true }, 'Run', { actions: true }]}
        >
          {rows.map((r) => (
            <tr key={r.id} data-testid="request-row" data-request-id={r.id}>
              <td className={textStyles.muted}>{new Date(r.started_at).toLocaleTimeString()}</td>
              <td className={textStyles.mono}>
                {r.method} {r.url} {r.forwarded ? <Badge tone="info">upstream</Badge> : null}
              </td>
              <td className={textStyles.mono}>{r.subject ?? '—'}</td>
              <td title={r.verdict?.detail ?? undefined}>
                {r.verdict ? (
                  <>
                    <Badge tone={r.verdict.outcome === 'deny' ? 'danger' : r.verdict.outcome === 'allow' ? 'ok' : 'muted'}>{r.verdict.outcome}</Badge>{' '}
                    <span className={textStyles.mono}>{r.verdict.rule ?? 'no rule'}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className={textStyles.num}>{r.status ?? (r.state === 'open' ? '…' : 'cut')}</td>
              <td className={textStyles.num}>{ms(r.ttfb_ms)}</td>
              <td className={textStyles.num}>{ms(r.duration_ms)}</td>
              <td>
                {r.run ? (
                  <>
                    <Link to={`/live/${r.id}`} data-testid="request-live-link">
                      live
                    </Link>{' '}
                    ·{' '}
                    <Link to={runHref(r.run.session_id ?? '', r.run.run_id, r.run.kind, {})} className={textStyles.mono}>
                      {r.run.run_id.slice(0, 8)}
                    </Link>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <Link to="/tokens?tab=inspect" state={{ inspectMethod: r.method, inspectPath: r.url.split('?')[0] }} className={buttonClass({ size: 'xs' })}>
                  Inspect
                </Link>
              </td>
            </tr>
          ))}
        </DenseTable>
      )}
    </div>
  );
}
