import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { evalQueries } from '../../api/observability/queries';
import { locationQuery, useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { TonePill } from '../traces/TraceStatus';
import { RequestError } from '../errors/AuthExplain';
import { PageHeader } from '../../components/PageHeader';
import { Chip } from '../../components/Chip';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { cx } from '../../lib/cx';
import { formatDateTime } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { tracesHref } from '../traces/links';
import { EVAL_TYPE_LABEL, evalHeadline } from './eval-results';
import styles from './Evals.module.css';
import textStyles from '../../components/text.module.css';
import pageStyles from '../../components/Page.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';

const TYPES = ['', 'accuracy', 'performance', 'reliability', 'agent_as_judge'];

export function evalHref(id: string, l: { db?: string | undefined; table?: string | undefined }): string {
  return `/evals/${encodeURIComponent(id)}${locationQuery(l)}`;
}

/** The component an eval ran against, linked to its traces. */
export function EvalTarget({ run, loc }: { run: { agent_id?: string | null; team_id?: string | null; workflow_id?: string | null; evaluated_component_name?: string | null }; loc: { db?: string | undefined } }) {
  const [kind, id] = run.agent_id ? (['agent', run.agent_id] as const) : run.team_id ? (['team', run.team_id] as const) : run.workflow_id ? (['workflow', run.workflow_id] as const) : [null, null];
  if (!kind || !id) return <span className={textStyles.muted}>—</span>;
  return (
    <Link to={tracesHref(loc, { kind: kind === 'agent' ? '' : kind, component: id })} className={textStyles.mono} title={`Traces of ${kind} ${id}`}>
      {run.evaluated_component_name ?? id}
    </Link>
  );
}

/** The platform's eval runs, per eval type. */
export function EvalsPage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const list = useQuery(evalQueries.list(actor, type ? { eval_types: type } : {}, loc));
  useMarkLoaded(!list.isPending);

  return (
    <div className={pageStyles.page} data-testid="evals-page">
      <PageHeader title="Evals" subtitle="Accuracy scores, performance timings and reliability checks of your agents, teams and workflows." />
      <div className={styles.types} role="group" aria-label="Eval type">
        {TYPES.map((t) => (
          <Chip
            key={t || 'all'}
            pressed={type === t}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (t) next.set('type', t);
              else next.delete('type');
              setParams(next, { replace: true });
            }}
          >
            {t ? EVAL_TYPE_LABEL[t] : 'All'}
          </Chip>
        ))}
      </div>
      {list.isError ? (
        <RequestError error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <SkeletonRows rows={6} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="check" title={type ? `No ${EVAL_TYPE_LABEL[type] ?? type} evals in this database` : 'No evals in this database'}>
          Agno stores an eval's result when it runs with a database: <code>AccuracyEval(agent=agent, input=…, expected_output=…, db=db).run()</code> (likewise{' '}
          <code>PerformanceEval</code>, <code>ReliabilityEval</code>), or from the AgentOS's <code>POST /eval-runs</code>.
        </EmptyState>
      ) : (
        <div className={denseTableStyles.tableWrap}>
          <table className={denseTableStyles.table} data-testid="evals-table">
            <thead>
              <tr>
                <th>Eval</th>
                <th>Type</th>
                <th>Result</th>
                <th>Evaluated</th>
                <th>Model</th>
                <th className={cx(textStyles.num, denseTableStyles.num)}>Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((e) => {
                const headline = evalHeadline(e);
                return (
                  <tr key={e.id} data-testid="eval-row">
                    <td>
                      <Link to={evalHref(e.id, loc)} className={styles.name}>
                        {e.name ?? e.id}
                      </Link>
                    </td>
                    <td>{EVAL_TYPE_LABEL[e.eval_type] ?? e.eval_type}</td>
                    <td>
                      <TonePill tone={headline.tone}>{headline.text}</TonePill>
                    </td>
                    <td>
                      <EvalTarget run={e} loc={loc} />
                    </td>
                    <td className={textStyles.mono}>{e.model_id ?? '—'}</td>
                    <td className={cx(textStyles.num, denseTableStyles.num)}>{formatDateTime(e.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
