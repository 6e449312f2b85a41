import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { traceQueries } from '../../api/observability/queries';
import { runHref, sessionHref, useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { PageHeader } from '../../components/PageHeader';
import { SkeletonRows } from '../../components/ui';
import { cx } from '../../lib/cx';
import { formatCount, formatDateTime, preview, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { compareHref, sessionTypeOf, traceHref } from './links';
import { formatMs } from './span-style';
import { readTraceFilters, traceListParams, traceMs, TRACE_PAGE_SIZE, writeTraceFilters, type TraceFilters, type TraceSortKey } from './trace-filters';
import { TraceStatus } from './TraceStatus';
import { TracingEmpty } from './TracingEmpty';
import pageStyles from '../../components/Page.module.css';
import styles from './TracesPage.module.css';
import inputStyles from '../../components/Input.module.css';
import { Input, Select } from '../../components/Input';
import { Segmented } from '../../components/Segmented';
import denseTableStyles from '../../components/DenseTable.module.css';
import textStyles from '../../components/text.module.css';
import { Button, buttonClass, PlainButton } from '../../components/Button';

/** Every trace of the database, filtered as the platform's filter schema offers. */
export function TracesPage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => readTraceFilters(params), [params]);
  const update = (patch: Partial<TraceFilters>) => setParams(writeTraceFilters(params, f, patch), { replace: true });
  const list = useQuery(traceQueries.list(actor, traceListParams(f), loc));
  const schema = useQuery(traceQueries.filterSchema(actor));
  useMarkLoaded(!list.isPending);
  // The two traces ticked for Compare (the last two ticked); `compare=` (a run or trace page's
  // "Compare with…") ticks its trace first, wherever it is in the list.
  const [picked, setPicked] = useState<string[]>(() => {
    const first = params.get('compare');
    return first ? [first] : [];
  });

  const statuses = schema.data?.fields.find((x) => x.key === 'status')?.values ?? ['OK', 'ERROR'];
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const filtered = !!(f.status || f.user || f.session || f.component || f.from || f.to || f.minSeconds || f.maxSeconds);

  return (
    <div className={pageStyles.page} data-testid="traces-page">
      <PageHeader title="Traces" subtitle="Each run's spans as Agno's tracing wrote them: model calls, tool calls and member runs, with their timing and tokens." />
      <form className={styles.filters} aria-label="Trace filters" onSubmit={(e) => e.preventDefault()}>
        <Segmented
          name="status"
          label="Status"
          value={f.status}
          options={['', ...statuses].map((s) => ({ value: s, label: s === '' ? 'All' : s === 'ERROR' ? 'Errors' : s, ...(s === 'ERROR' ? { tone: 'danger' as const } : {}) }))}
          onChange={(status) => update({ status })}
        />
        <label className={styles.field}>
          <span>Component</span>
          <span className={styles.pair}>
            <Select size="sm" className={denseTableStyles.select} value={f.componentKind} onChange={(e) => update({ componentKind: e.target.value as TraceFilters['componentKind'] })} aria-label="Component kind">
              <option value="agent">Agent</option>
              <option value="team">Team</option>
              <option value="workflow">Workflow</option>
            </Select>
            <Input size="sm" className={denseTableStyles.input} defaultValue={f.component} placeholder="id" onBlur={(e) => update({ component: e.target.value.trim() })} onKeyDown={submitOnEnter} />
          </span>
        </label>
        <TextFilter label="User" value={f.user} onChange={(user) => update({ user })} />
        <TextFilter label="Session" value={f.session} onChange={(session) => update({ session })} />
        <label className={styles.field}>
          <span>From</span>
          <Input size="sm" className={denseTableStyles.input} type="datetime-local" value={f.from} onChange={(e) => update({ from: e.target.value })} />
        </label>
        <label className={styles.field}>
          <span>To</span>
          <Input size="sm" className={denseTableStyles.input} type="datetime-local" value={f.to} onChange={(e) => update({ to: e.target.value })} />
        </label>
        <label className={styles.field}>
          <span>Duration ≥ s</span>
          <Input size="sm" className={cx(denseTableStyles.input, styles.num)} type="number" min={0} step="any" value={f.minSeconds} onChange={(e) => update({ minSeconds: e.target.value })} />
        </label>
        <label className={styles.field}>
          <span>Duration ≤ s</span>
          <Input size="sm" className={cx(denseTableStyles.input, styles.num)} type="number" min={0} step="any" value={f.maxSeconds} onChange={(e) => update({ maxSeconds: e.target.value })} />
        </label>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => setParams(writeTraceFilters(params, readTraceFilters(new URLSearchParams()), {}), { replace: true })}>
            Clear filters
          </Button>
        )}
      </form>
      {list.isError ? (
        <RequestError error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <SkeletonRows rows={8} />
      ) : meta && meta.total_count === 0 && !filtered ? (
        <TracingEmpty what="No traces in this database" />
      ) : (
        <>
          <div className={styles.countRow}>
            <p className={styles.count} data-testid="traces-count">
              {formatCount(rows.length)} of {formatCount(meta?.total_count ?? rows.length)} traces
              {meta && meta.total_pages > 1 && ` · page ${meta.page} of ${meta.total_pages}`}
            </p>
            {picked.length === 2 ? (
              <Link className={buttonClass({ size: 'sm', variant: 'primary' })} to={compareHref(picked[0]!, picked[1]!, loc)} data-testid="compare-link">
                Compare the 2 traces
              </Link>
            ) : (
              <span className={cx(textStyles.muted, textStyles.small)} data-testid="compare-hint">
                {picked.length === 1 && !rows.some((t) => t.trace_id === picked[0])
                  ? `Comparing with trace ${shortId(picked[0]!, 8)}: tick the trace to put beside it.`
                  : `Tick two traces to compare them side by side${picked.length === 1 ? ' (one more)' : ''}.`}
              </span>
            )}
          </div>
          <div className={denseTableStyles.tableWrap}>
            <table className={cx(denseTableStyles.table, styles.table)} data-testid="traces-table">
              <thead>
                <tr>
                  <th>
                    <span className={styles.compareHead}>Compare</span>
                  </th>
                  <th>Status</th>
                  <th>Trace</th>
                  <SortHeader label="Started" k="start" f={f} update={update} />
                  <SortHeader label="Duration" k="duration" f={f} update={update} num />
                  <SortHeader label="Spans" k="spans" f={f} update={update} num />
                  <SortHeader label="Errors" k="errors" f={f} update={update} num />
                  <th className={styles.wideOnly}>User</th>
                  <th>Run · session</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((t) => {
                  const type = sessionTypeOf(t);
                  return (
                    <tr key={t.trace_id} data-testid="trace-row" data-trace-id={t.trace_id} data-status={t.status} className={cx(t.status === 'ERROR' && styles.errorRow)}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Compare ${t.name} (${shortId(t.trace_id, 8)})`}
                          checked={picked.includes(t.trace_id)}
                          onChange={() => setPicked((p) => (p.includes(t.trace_id) ? p.filter((x) => x !== t.trace_id) : [...p, t.trace_id].slice(-2)))}
                          data-testid="compare-pick"
                        />
                      </td>
                      <td>
                        <TraceStatus status={t.status} />
                      </td>
                      <td>
                        <div className={styles.nameCell}>
                        <Link to={traceHref(t.trace_id, loc)} className={styles.name} data-testid="trace-link">
                          {t.name}
                        </Link>
                        {t.input && <span className={styles.input}>{preview(t.input, 90)}</span>}
                        </div>
                      </td>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>
                        {formatDateTime(t.start_time)
                          .split(' ')
                          .map((part, i) => (
                            <span key={i} className={styles.when}>
                              {i > 0 ? ' ' : ''}
                              {part}
                            </span>
                          ))}
                      </td>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>{formatMs(traceMs(t))}</td>
                      <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(t.total_spans)}</td>
                      <td className={cx(cx(textStyles.num, denseTableStyles.num), t.error_count > 0 && styles.errors)}>{formatCount(t.error_count)}</td>
                      <td className={styles.wideOnly}>{t.user_id ?? '—'}</td>
                      <td>
                        <div className={styles.links}>
                        {t.session_id && t.run_id && (
                          <Link to={runHref(t.session_id, t.run_id, type, loc)} className={cx(textStyles.mono, inputStyles.mono)} aria-label={`Run ${t.run_id}`}>
                            {shortId(t.run_id, 8)}
                          </Link>
                        )}
                        {t.session_id && (
                          <Link to={sessionHref(t.session_id, type, loc)} className={cx(textStyles.mono, inputStyles.mono)} aria-label={`Session ${t.session_id}`}>
                            {shortId(t.session_id, 8)}
                          </Link>
                        )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {meta && meta.total_pages > 1 && (
            <div className={styles.pages}>
              <Button size="sm" disabled={f.page <= 1} onClick={() => update({ page: f.page - 1 })}>
                Previous {TRACE_PAGE_SIZE}
              </Button>
              <Button size="sm" disabled={f.page >= meta.total_pages} onClick={() => update({ page: f.page + 1 })}>
                Next {TRACE_PAGE_SIZE}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function submitOnEnter(e: React.KeyboardEvent<HTMLInputElement>) {
  if (e.key === 'Enter') e.currentTarget.blur();
}

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <Input size="sm" className={denseTableStyles.input} key={value} defaultValue={value} placeholder="id" onBlur={(e) => onChange(e.target.value.trim())} onKeyDown={submitOnEnter} />
    </label>
  );
}

function SortHeader({ label, k, f, update, num }: { label: string; k: TraceSortKey; f: TraceFilters; update: (p: Partial<TraceFilters>) => void; num?: boolean }) {
  const active = f.sort === k;
  return (
    <th className={num ? cx(textStyles.num, denseTableStyles.num) : undefined} aria-sort={active ? (f.desc ? 'descending' : 'ascending') : 'none'}>
      <PlainButton className={styles.sort} onClick={() => update(active ? { desc: !f.desc } : { sort: k, desc: true })} data-testid={`sort-${k}`}>
        {label}
        <span aria-hidden>{active ? (f.desc ? ' ↓' : ' ↑') : ''}</span>
      </PlainButton>
    </th>
  );
}
