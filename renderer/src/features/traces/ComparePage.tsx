import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { traceQueries } from '../../api/observability/queries';
import { useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { SkeletonRows } from '../../components/ui';
import { formatCostSum, type CostSum } from '../../lib/cost';
import { cx } from '../../lib/cx';
import { formatCount, formatDateTime, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { spansCost } from '../../lib/trace/cost';
import { change, traceTotals, type TraceTotals } from '../../lib/trace/summary';
import { buildSpanTree } from '../../lib/trace/tree';
import type { TraceData, TraceHead } from '../../lib/trace/types';
import { usePricer } from '../../lib/use-pricer';
import { RequestError } from '../errors/AuthExplain';
import { traceHref, tracesHref } from './links';
import { formatMs } from './span-style';
import { TraceStatus } from './TraceStatus';
import { TraceView } from './TraceView';
import denseTableStyles from '../../components/DenseTable.module.css';
import entityHeadStyles from '../EntityHead.module.css';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import styles from './ComparePage.module.css';

interface Side {
  detail: TraceHead;
  data: TraceData;
  totals: TraceTotals;
  cost: CostSum | null;
}

const ROWS: { label: string; of: (s: Side) => number; text: (n: number) => string}[] = [
  { label: 'Duration', of: (s) => s.totals.durationMs, text: formatMs },
  { label: 'Spans', of: (s) => s.totals.spans, text: formatCount },
  { label: 'Model calls', of: (s) => s.totals.modelCalls, text: formatCount },
  { label: 'Tool calls', of: (s) => s.totals.toolCalls, text: formatCount },
  { label: 'Input tokens', of: (s) => s.totals.inputTokens, text: formatCount },
  { label: 'Output tokens', of: (s) => s.totals.outputTokens, text: formatCount },
  { label: 'Errors', of: (s) => s.totals.errors, text: formatCount },
];

/**
 * Two traces (two runs) side by side (`/traces/compare?a=&b=`): what each adds up to, with B's
 * change against A, and both waterfalls below, each with its own search, graph and span panel.
 */
export function ComparePage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params] = useSearchParams();
  const a = params.get('a') ?? '';
  const b = params.get('b') ?? '';
  const qa = useQuery({ ...traceQueries.detail(actor, a, loc), enabled: !!a });
  const qb = useQuery({ ...traceQueries.detail(actor, b, loc), enabled: !!b });
  useMarkLoaded(!qa.isPending && !qb.isPending);
  const price = usePricer();
  const sides = useMemo(
    () =>
      [qa.data, qb.data].map((data): Side | null => {
        if (!data) return null;
        return { detail: data.head, data, totals: traceTotals(buildSpanTree(data.spans)), cost: price ? spansCost(data.spans, price) : null };
      }),
    [qa.data, qb.data, price],
  );
  const [sa, sb] = sides;

  const crumbs = (
    <nav className={entityHeadStyles.breadcrumbs} aria-label="Breadcrumb">
      <Link to={tracesHref(loc)}>Traces</Link>
      <Icon name="chevronRight" size={11} />
      <span className={entityHeadStyles.crumbCurrent}>Compare</span>
    </nav>
  );
  const error = qa.error ?? qb.error;
  return (
    <div className={pageStyles.page} data-testid="compare-page">
      {crumbs}
      <PageHeader title="Compare two traces" subtitle="What each run added up to, B against A, and both waterfalls." />
      {!a || !b ? (
        <p className={textStyles.muted}>
          Pick two traces on the <Link to={tracesHref(loc)}>Traces</Link> page (the Compare column) to see them side by side.
        </p>
      ) : error ? (
        <RequestError error={error} retry={() => void (qa.refetch(), qb.refetch())} />
      ) : !sa || !sb ? (
        <SkeletonRows rows={8} />
      ) : (
        <>
          <div className={denseTableStyles.tableWrap}>
            <table className={cx(denseTableStyles.table, styles.table)} data-testid="compare-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>Measure</span>
                  </th>
                  <SideHead label="A" side={sa} loc={loc} />
                  <SideHead label="B" side={sb} loc={loc} />
                  <th scope="col" className={cx(textStyles.num, denseTableStyles.num)}>
                    B − A
                  </th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map((r) => {
                  const va = r.of(sa);
                  const vb = r.of(sb);
                  const c = change(va, vb);
                  return (
                    <tr key={r.label} data-testid="compare-row" data-measure={r.label}>
                      <th scope="row">{r.label}</th>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>{r.text(va)}</td>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>{r.text(vb)}</td>
                      <td className={cx(textStyles.num, denseTableStyles.num, styles.delta)} data-trend={c.delta > 0 ? 'up' : c.delta < 0 ? 'down' : 'same'}>
                        {c.delta === 0 ? 'same' : `${c.delta > 0 ? '+' : '−'}${r.text(Math.abs(c.delta))}${c.ratio !== null ? ` (×${c.ratio.toFixed(2)})` : ''}`}
                      </td>
                    </tr>
                  );
                })}
                <tr data-testid="compare-row" data-measure="Cost">
                  <th scope="row">Cost</th>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{sa.cost ? formatCostSum(sa.cost) : '…'}</td>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{sb.cost ? formatCostSum(sb.cost) : '…'}</td>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{costChange(sa.cost, sb.cost)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <div className={styles.sides}>
            <CompareSide label="A" side={sa} />
            <CompareSide label="B" side={sb} />
          </div>
        </>
      )}
    </div>
  );
}

function costChange(a: CostSum | null, b: CostSum | null): ReactNode {
  if (!a || !b) return '…';
  if (a.unknown || b.unknown || !a.priced || !b.priced) return <span className={textStyles.muted}>unknown</span>;
  const d = b.usd - a.usd;
  return d === 0 ? 'same' : `${d > 0 ? '+' : '−'}${formatCostSum({ ...b, usd: Math.abs(d) })}`;
}

function SideHead({ label, side, loc }: { label: string; side: Side; loc: { db?: string | undefined } }) {
  return (
    <th scope="col" className={cx(textStyles.num, denseTableStyles.num)}>
      {label}:{' '}
      <Link to={traceHref(side.detail.trace_id, loc)} className={textStyles.mono}>
        {shortId(side.detail.trace_id, 8)}
      </Link>
    </th>
  );
}

function CompareSide({ label, side }: { label: string; side: Side }) {
  const d = side.detail;
  return (
    <section className={styles.side} aria-label={`Trace ${label}`} data-testid="compare-side" data-trace-id={d.trace_id}>
      <header className={styles.sideHead}>
        <h2 className={styles.sideTitle}>
          {label} · {d.name}
        </h2>
        <TraceStatus status={d.status} />
        <span className={cx(textStyles.muted, textStyles.small)}>{formatDateTime(d.start_time)}</span>
      </header>
      {d.input && <p className={cx(textStyles.small, styles.input)}>{d.input}</p>}
      <TraceView trace={side.data} maxHeight="50vh" />
    </section>
  );
}
