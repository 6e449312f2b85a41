import type { JsonObject, RunMetrics } from '../../api-types/shapes';
import { Collapsible } from '../../components/Collapsible';
import { JsonView } from '../../components/JsonView';
import { formatCompact, formatCost, formatCount, formatDuration } from '../../lib/format';
import { tokensOf } from '../../lib/runs';
import { costNote, formatCostSum, metricsCost } from '../../lib/cost';
import { usePricer } from '../../lib/use-pricer';
import styles from './MetricsPanel.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';

const TOKEN_ROWS: [keyof RunMetrics, string][] = [
  ['input_tokens', 'Input tokens'],
  ['output_tokens', 'Output tokens'],
  ['total_tokens', 'Total tokens'],
  ['reasoning_tokens', 'Reasoning tokens'],
  ['cache_read_tokens', 'Cache read'],
  ['cache_write_tokens', 'Cache write'],
  ['audio_input_tokens', 'Audio in'],
  ['audio_output_tokens', 'Audio out'],
  ['audio_total_tokens', 'Audio total'],
];

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface Bar {
  label: string;
  value: number;
  text: string;
  tone: string;
}

/** Hand-rolled horizontal bars (no chart library). */
export function Bars({ bars, title }: { bars: Bar[]; title: string }) {
  if (bars.length === 0) return null;
  const max = Math.max(...bars.map((b) => b.value), 1e-9);
  const rowH = 18;
  const labelW = 78;
  const valueW = 58;
  const w = 300;
  const barW = w - labelW - valueW;
  return (
    <figure className={styles.bars}>
      <figcaption className={styles.barsTitle}>{title}</figcaption>
      <svg viewBox={`0 0 ${w} ${bars.length * rowH}`} width="100%" role="img" aria-label={title}>
        {bars.map((b, i) => (
          <g key={b.label} transform={`translate(0 ${i * rowH})`}>
            <text x={0} y={12.5} className={styles.barsLabel}>
              {b.label}
            </text>
            <rect x={labelW} y={4} width={barW} height={10} rx={2} className={styles.barsTrack} />
            <rect x={labelW} y={4} width={Math.max(1.5, (b.value / max) * barW)} height={10} rx={2} className={styles.barsFill} data-tone={b.tone} />
            <text x={w} y={12.5} textAnchor="end" className={styles.barsValue}>
              {b.text}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/**
 * Output tokens per second: over the time after the first token when Agno recorded it (the
 * streaming rate), else over the whole duration (a lower bound: it includes tools and waits).
 */
export function outputSpeed(output: number | null, duration: number | null, ttft: number | null): number | null {
  if (!output || duration === null || duration <= 0) return null;
  const generating = ttft !== null && ttft < duration ? duration - ttft : duration;
  return output / generating;
}

/** Run metrics: a compact table, token and timing bars, per-model details. */
export function MetricsPanel({ metrics, createdAt }: { metrics: RunMetrics | null | undefined; createdAt?: Date | null }) {
  const price = usePricer();
  if (!metrics || typeof metrics !== 'object' || Object.keys(metrics).length === 0) {
    return <div className={cx(textStyles.muted, textStyles.small)}>No metrics stored.</div>;
  }
  const t = tokensOf(metrics);
  const duration = n(metrics.duration);
  const ttft = n(metrics.time_to_first_token);
  const speed = outputSpeed(t.output, duration, ttft);
  const cost = price ? metricsCost(metrics, price, createdAt ?? null) : null;
  const tokenBars: Bar[] = [
    { label: 'input', value: t.input ?? 0, text: formatCompact(t.input), tone: 'info' },
    { label: 'output', value: t.output ?? 0, text: formatCompact(t.output), tone: 'accent' },
    ...(n(metrics.reasoning_tokens) ? [{ label: 'reasoning', value: metrics.reasoning_tokens!, text: formatCompact(metrics.reasoning_tokens), tone: 'warn' }] : []),
    ...(n(metrics.cache_read_tokens) ? [{ label: 'cache read', value: metrics.cache_read_tokens!, text: formatCompact(metrics.cache_read_tokens), tone: 'ok' }] : []),
  ].filter((b) => b.value > 0);
  const timeBars: Bar[] = [
    ...(duration !== null ? [{ label: 'duration', value: duration, text: formatDuration(duration), tone: 'accent' }] : []),
    ...(ttft !== null ? [{ label: 'first token', value: ttft, text: formatDuration(ttft), tone: 'info' }] : []),
  ];
  const steps = metrics.steps && typeof metrics.steps === 'object' ? Object.entries(metrics.steps) : [];
  const stepBars: Bar[] = steps
    .map(([name, s]) => ({ name, d: n(s?.metrics?.duration) }))
    .filter((s): s is { name: string; d: number } => s.d !== null)
    .map((s) => ({ label: s.name.length > 11 ? `${s.name.slice(0, 10)}…` : s.name, value: s.d, text: formatDuration(s.d), tone: 'warn' }));
  const details = metrics.details && typeof metrics.details === 'object' ? Object.entries(metrics.details) : [];

  return (
    <div data-testid="metrics">
      <table className={styles.kvTable}>
        <tbody>
          {TOKEN_ROWS.map(([key, label]) => {
            const v = key === 'total_tokens' ? t.total : key === 'input_tokens' ? t.input : key === 'output_tokens' ? t.output : n(metrics[key]);
            if (v === null) return null;
            return (
              <tr key={key} data-metric={key}>
                <th>{label}</th>
                <td className={cx(textStyles.num, textStyles.mono)}>{formatCount(v)}</td>
              </tr>
            );
          })}
          {n(metrics.cost) !== null && (
            <tr data-metric="cost">
              <th>Cost (stored)</th>
              <td className={cx(textStyles.num, textStyles.mono)}>{formatCost(metrics.cost)}</td>
            </tr>
          )}
          {(t.total ?? 0) > 0 && (
            <tr data-metric="priced_cost" title={cost ? (costNote(cost) ?? "This run's own model calls, priced from the @pydantic/genai-prices table") : undefined}>
              <th>Cost</th>
              <td className={cx(textStyles.num, textStyles.mono)} data-testid="run-cost">
                {cost ? formatCostSum(cost) : '…'}
              </td>
            </tr>
          )}
          {ttft !== null && (
            <tr data-metric="time_to_first_token">
              <th>Time to first token</th>
              <td className={cx(textStyles.num, textStyles.mono)} data-testid="run-ttft">
                {formatDuration(ttft)}
              </td>
            </tr>
          )}
          {speed !== null && (
            <tr data-metric="tokens_per_second" title={ttft !== null ? 'Output tokens over the time after the first token' : 'Output tokens over the run’s duration'}>
              <th>Output speed</th>
              <td className={cx(textStyles.num, textStyles.mono)} data-testid="run-tokens-per-second">
                {speed.toFixed(1)} tokens/s
              </td>
            </tr>
          )}
          {duration !== null && (
            <tr data-metric="duration">
              <th>Duration</th>
              <td className={cx(textStyles.num, textStyles.mono)}>{formatDuration(duration)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {tokenBars.length > 0 && <Bars title="Tokens" bars={tokenBars} />}
      {timeBars.length > 0 && <Bars title="Timing" bars={timeBars} />}
      {stepBars.length > 0 && <Bars title="Steps" bars={stepBars} />}
      {details.map(([kind, list]) =>
        Array.isArray(list) && list.length > 0 ? (
          <div key={kind} className={styles.metricsDetails}>
            <div className={styles.barsTitle}>{kind.replace(/_/g, ' ')}</div>
            {list.map((d: JsonObject, i) => (
              <div key={i} className={styles.modelLine}>
                <span className={textStyles.mono}>{String(d.id ?? '?')}</span>
                {d.provider ? <span className={cx(textStyles.muted, textStyles.small)}> · {String(d.provider)}</span> : null}
                <span className={cx(styles.modelTokens, textStyles.mono, textStyles.small)}>
                  {formatCompact(n(d.input_tokens))} in · {formatCompact(n(d.output_tokens))} out
                </span>
              </div>
            ))}
          </div>
        ) : null,
      )}
      <Collapsible title="Raw metrics">
        <JsonView value={metrics} maxHeight={300} />
      </Collapsible>
    </div>
  );
}
