import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { metricsQueries } from '../../api/observability/queries';
import { useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { formatCompact, formatCount, formatDateTime } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { dayRows, modelRows, type DayRow } from './metrics-series';
import pageStyles from '../../components/Page.module.css';
import styles from './MetricsPage.module.css';
import inputStyles from '../../components/Input.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Input } from '../../components/Input';

const C = {
  agent: 'var(--info)',
  team: 'var(--accent)',
  workflow: 'var(--warn)',
  input: 'var(--info)',
  output: 'var(--role-tool)',
  users: 'var(--role-system)',
  model: 'var(--accent)',
};

const axis = { stroke: 'var(--fg-muted)', fontSize: 11 };
const tooltip = {
  contentStyle: { background: 'var(--bg-elev)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--fg)', fontSize: 12 },
  cursor: { fill: 'var(--bg-hover)' },
};

/** The platform's daily metrics: runs, sessions, users and tokens per day, and calls per model. */
export function MetricsPage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = useQuery(metricsQueries.days(actor, { starting_date: from || undefined, ending_date: to || undefined }, loc));
  useMarkLoaded(!q.isPending);
  const days = useMemo(() => dayRows(q.data?.metrics ?? []), [q.data]);
  const models = useMemo(() => modelRows(q.data?.metrics ?? []), [q.data]);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };

  return (
    <div className={pageStyles.page} data-testid="metrics-page">
      <PageHeader
        title="Metrics"
        subtitle={q.data?.updated_at ? `Agno's daily aggregates, last computed ${formatDateTime(q.data.updated_at)}.` : "Agno's daily aggregates of runs, sessions, users and tokens."}
        actions={
          <div className={styles.range}>
            <label>
              From <Input size="sm" className={denseTableStyles.input} type="date" value={from} onChange={(e) => set('from', e.target.value)} />
            </label>
            <label>
              To <Input size="sm" className={denseTableStyles.input} type="date" value={to} onChange={(e) => set('to', e.target.value)} />
            </label>
          </div>
        }
      />
      {q.isError ? (
        <RequestError error={q.error} retry={() => void q.refetch()} />
      ) : !q.data ? (
        <SkeletonRows rows={8} />
      ) : days.length === 0 ? (
        <EmptyState icon="database" title="No metrics for these days">
          Agno computes daily metrics from the sessions in its database when asked: <code>POST /metrics/refresh</code> on the AgentOS, or{' '}
          <code>db.calculate_metrics()</code> in Python. They land in <code>agno_metrics</code>.
        </EmptyState>
      ) : (
        <div className={styles.grid}>
          <Panel title="Tokens per day" id="tokens" table={<TokensTable days={days} />}>
            <BarChart data={days} margin={{ top: 20, right: 8, bottom: 0, left: 0 }} title="Tokens per day">
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis dataKey="day" tick={axis} stroke="var(--border-strong)" />
              <YAxis tick={axis} stroke="var(--border-strong)" tickFormatter={(v: number) => formatCompact(v)} width={44} />
              <Tooltip {...tooltip} formatter={(v) => formatCount(Number(v))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="inputTokens" name="Input" stackId="t" fill={C.input} />
              <Bar dataKey="outputTokens" name="Output" stackId="t" fill={C.output}>
                <LabelList dataKey="totalTokens" position="top" className={styles.barLabel} formatter={(v) => formatCount(Number(v))} />
              </Bar>
            </BarChart>
          </Panel>
          <Panel title="Runs per day" id="runs" table={<CountTable days={days} cols={[['Agent', 'agentRuns'], ['Team', 'teamRuns'], ['Workflow', 'workflowRuns'], ['All', 'runs']]} testId="runs-table" />}>
            <BarChart data={days} margin={{ top: 20, right: 8, bottom: 0, left: 0 }} title="Runs per day">
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis dataKey="day" tick={axis} stroke="var(--border-strong)" />
              <YAxis tick={axis} stroke="var(--border-strong)" allowDecimals={false} width={44} />
              <Tooltip {...tooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="agentRuns" name="Agent" stackId="r" fill={C.agent} />
              <Bar dataKey="teamRuns" name="Team" stackId="r" fill={C.team} />
              <Bar dataKey="workflowRuns" name="Workflow" stackId="r" fill={C.workflow} />
            </BarChart>
          </Panel>
          <Panel title="Sessions and users per day" id="sessions" table={<CountTable days={days} cols={[['Sessions', 'sessions'], ['Users', 'users']]} testId="sessions-table" />}>
            <BarChart data={days} margin={{ top: 20, right: 8, bottom: 0, left: 0 }} title="Sessions and users per day">
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis dataKey="day" tick={axis} stroke="var(--border-strong)" />
              <YAxis tick={axis} stroke="var(--border-strong)" allowDecimals={false} width={44} />
              <Tooltip {...tooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="sessions" name="Sessions" fill={C.team} />
              <Bar dataKey="users" name="Users" fill={C.users} />
            </BarChart>
          </Panel>
          <Panel
            title="Model calls per model"
            id="models"
            table={
              <table className={cx(denseTableStyles.table, denseTableStyles.tableDense)} data-testid="models-table">
                <thead>
                  <tr>
                    <th>Model</th>
                    <th>Provider</th>
                    <th className={cx(textStyles.num, denseTableStyles.num)}>Calls</th>
                  </tr>
                </thead>
                <tbody>
                  {models.map((m) => (
                    <tr key={`${m.provider}/${m.model}`}>
                      <td className={cx(textStyles.mono, inputStyles.mono)}>{m.model}</td>
                      <td>{m.provider}</td>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(m.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          >
            <BarChart data={models} layout="vertical" margin={{ top: 4, right: 32, bottom: 0, left: 0 }} title="Model calls per model">
              <CartesianGrid stroke="var(--border)" horizontal={false} />
              <XAxis type="number" tick={axis} stroke="var(--border-strong)" allowDecimals={false} />
              <YAxis type="category" dataKey="model" tick={axis} stroke="var(--border-strong)" width={150} />
              <Tooltip {...tooltip} />
              <Bar dataKey="count" name="Calls" fill={C.model}>
                <LabelList dataKey="count" position="right" className={styles.barLabel} />
              </Bar>
            </BarChart>
          </Panel>
        </div>
      )}
    </div>
  );
}

function Panel({ title, id, children, table }: { title: string; id: string; children: ReactNode; table: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={`m-${id}`} data-testid={`metrics-${id}`}>
      <h2 className={styles.title} id={`m-${id}`}>
        {title}
      </h2>
      <div className={styles.pair}>
        <figure className={styles.chart} aria-label={`${title} (chart; the same numbers are in the table beside it)`}>
          <ResponsiveContainer width="100%" height={240}>
            {children as never}
          </ResponsiveContainer>
        </figure>
        <div className={styles.table}>{table}</div>
      </div>
    </section>
  );
}

function TokensTable({ days }: { days: DayRow[] }) {
  return (
    <table className={cx(denseTableStyles.table, denseTableStyles.tableDense)} data-testid="tokens-table">
      <thead>
        <tr>
          <th>Day</th>
          <th className={cx(textStyles.num, denseTableStyles.num)}>Input</th>
          <th className={cx(textStyles.num, denseTableStyles.num)}>Output</th>
          <th className={cx(textStyles.num, denseTableStyles.num)}>Total</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day} data-day={d.day}>
            <td>{d.day}</td>
            <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(d.inputTokens)}</td>
            <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(d.outputTokens)}</td>
            <td className={cx(textStyles.num, denseTableStyles.num)} data-testid="day-total-tokens">
              {formatCount(d.totalTokens)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CountTable({ days, cols, testId }: { days: DayRow[]; cols: [string, keyof DayRow][]; testId: string }) {
  return (
    <table className={cx(denseTableStyles.table, denseTableStyles.tableDense)} data-testid={testId}>
      <thead>
        <tr>
          <th>Day</th>
          {cols.map(([label]) => (
            <th key={label} className={cx(textStyles.num, denseTableStyles.num)}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <td>{d.day}</td>
            {cols.map(([label, k]) => (
              <td key={label} className={cx(textStyles.num, denseTableStyles.num)}>
                {formatCount(d[k] as number)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
