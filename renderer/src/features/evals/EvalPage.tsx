import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { evalQueries } from '../../api/observability/queries';
import { locationQuery, useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { TonePill } from '../traces/TraceStatus';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { JsonView } from '../../components/JsonView';
import { QueryPage } from '../../components/QueryPage';
import { RequestError } from '../errors/AuthExplain';
import type { EvalRun } from '../../api/observability/types';
import type { DbLocation } from '../../api-types/shapes';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { EVAL_TYPE_LABEL, evalHeadline, evalOutcome, type EvalOutcome } from './eval-results';
import styles from './Evals.module.css';
import { EvalTarget } from './EvalsPage';
import entityHeadStyles from '../EntityHead.module.css';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import { cx } from '../../lib/cx';

/** One eval run: its result as its type reports it, and the input it ran with. */
export function EvalPage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const { evalId = '' } = useParams();
  const q = useQuery(evalQueries.detail(actor, evalId, loc));
  useMarkLoaded(!q.isPending);
  const crumbs = (
    <nav className={entityHeadStyles.breadcrumbs} aria-label="Breadcrumb">
      <Link to={`/evals${locationQuery(loc)}`}>Evals</Link>
      <Icon name="chevronRight" size={11} />
      <span className={entityHeadStyles.crumbCurrent}>{q.data?.name ?? evalId}</span>
    </nav>
  );
  return <QueryPage query={q} crumbs={crumbs} errorView={RequestError}>{(e) => <EvalView e={e} crumbs={crumbs} loc={loc} />}</QueryPage>;
}

function EvalView({ e, crumbs, loc }: { e: EvalRun; crumbs: ReactNode; loc: DbLocation }) {
  const headline = evalHeadline(e);
  return (
    <div className={pageStyles.page} data-testid="eval-page">
      {crumbs}
      <header className={styles.head}>
        <h1 className={styles.title}>{e.name ?? e.id}</h1>
        <TonePill tone={headline.tone} testId="eval-headline">
          {headline.text}
        </TonePill>
      </header>
      <dl className={styles.meta}>
        <div>
          <dt>Type</dt>
          <dd>{EVAL_TYPE_LABEL[e.eval_type] ?? e.eval_type}</dd>
        </div>
        <div>
          <dt>Evaluated</dt>
          <dd>
            <EvalTarget run={e} loc={loc} />
          </dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd className={textStyles.mono}>{[e.model_provider, e.model_id].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(e.created_at)}</dd>
        </div>
      </dl>
      <Card title="Result">
        <Outcome o={evalOutcome(e)} data={e.eval_data} />
      </Card>
      {e.eval_input && (
        <Card title="Input">
          <JsonView value={e.eval_input} maxHeight={320} />
        </Card>
      )}
    </div>
  );
}

function Outcome({ o, data }: { o: EvalOutcome; data: unknown }) {
  if (o.kind === 'accuracy')
    return (
      <div className={styles.stack}>
        <p className={styles.scores}>
          Average <strong>{o.avg ?? '—'}</strong> · min {o.min ?? '—'} · max {o.max ?? '—'} (out of 10)
        </p>
        <div className={denseTableStyles.tableWrap}>
          <table className={denseTableStyles.table} data-testid="eval-results">
            <thead>
              <tr>
                <th>Input</th>
                <th>Output</th>
                <th>Expected</th>
                <th className={cx(textStyles.num, denseTableStyles.num)}>Score</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {o.results.map((r, i) => (
                <tr key={i}>
                  <td>{r.input}</td>
                  <td>{r.output}</td>
                  <td>{r.expected}</td>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{r.score ?? '—'}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  if (o.kind === 'performance')
    return (
      <div className={styles.stack}>
        <div className={denseTableStyles.tableWrap}>
          <table className={denseTableStyles.table} data-testid="eval-results">
            <thead>
              <tr>
                <th>Statistic</th>
                <th className={cx(textStyles.num, denseTableStyles.num)}>Run time (s)</th>
                <th className={cx(textStyles.num, denseTableStyles.num)}>Memory (MiB)</th>
              </tr>
            </thead>
            <tbody>
              {o.stats.map((s) => (
                <tr key={s.name}>
                  <td>{s.name === 'std_dev' ? 'std dev' : s.name}</td>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{s.time === null ? '—' : s.time.toFixed(3)}</td>
                  <td className={cx(textStyles.num, denseTableStyles.num)}>{s.memory === null ? '—' : s.memory.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {o.runs.length > 0 && (
          <p className={cx(textStyles.muted, textStyles.small)}>
            {o.runs.length} measured runs: {o.runs.map((r) => (r.runtime === null ? '—' : `${r.runtime} s`)).join(', ')}
          </p>
        )}
      </div>
    );
  if (o.kind === 'reliability')
    return (
      <dl className={styles.calls} data-testid="eval-results">
        {(
          [
            ['Passed tool calls', o.passed],
            ['Failed tool calls', o.failed],
            ['Missing tool calls', o.missing],
            ['Additional tool calls', o.additional],
            ['Passed argument checks', o.passedArgs],
            ['Failed argument checks', o.failedArgs],
          ] as const
        ).map(([label, items]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={textStyles.mono}>{items.length ? items.join(', ') : '—'}</dd>
          </div>
        ))}
      </dl>
    );
  return <JsonView value={data} maxHeight={400} />;
}
