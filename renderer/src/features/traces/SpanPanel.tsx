import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { traceQueries } from '../../api/observability/queries';
import { useActingAs } from '../../auth/acting-as';
import { useDbLocation } from '../../lib/location';
import { SkeletonRows } from '../../components/ui';
import { JsonView, parseJsonText } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { formatUsd, type Pricer } from '../../lib/cost';
import { cx } from '../../lib/cx';
import { spanCost } from '../../lib/trace/cost';
import { formatCount, formatDateTime } from '../../lib/format';
import { durationOf, selfTime } from '../../lib/trace/critical';
import { modelFacts, spanKind, toolName } from '../../lib/trace/kind';
import type { SpanNode } from '../../lib/trace/tree';
import kinds from './span-kinds.module.css';
import styles from './SpanPanel.module.css';
import { formatMs, kindLabel, spanData } from './span-style';
import { TraceStatus } from './TraceStatus';
import textStyles from '../../components/text.module.css';

/** A span's text (input or output): JSON when it parses, Markdown otherwise, as on the run page. */
function SpanText({ text }: { text: string }) {
  const parsed = parseJsonText(text);
  if (parsed !== undefined) return <JsonView value={parsed} maxHeight={320} />;
  return (
    <div className={styles.text} tabIndex={0}>
      <Markdown text={text} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** The selected span: what it is, its timing, tokens or tool, input, output, error and attributes. */
export function SpanPanel({ traceId, node, traceStart, actions, price }: { traceId: string; node: SpanNode; traceStart: number; actions: ReactNode; price: Pricer | null }) {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  // A span of the columns answer comes without its input, output and arguments: read it in full.
  const incomplete = node.span.complete === false;
  const fullQ = useQuery({ ...traceQueries.span(actor, traceId, node.span.id, loc), enabled: incomplete });
  const full = incomplete ? fullQ.data : undefined;
  const span = full ? { ...node.span, input: full.input ?? null, output: full.output ?? null, metadata: full.metadata ?? node.span.metadata } : node.span;
  const kind = spanKind(span);
  const facts = kind === 'model' ? modelFacts(span) : null;
  const usd = facts && price ? spanCost(span, price) : null;
  // Output tokens over the whole call: Agno's spans do not record when the first token came.
  const seconds = durationOf(node) / 1000;
  const tokensPerSecond = facts?.outputTokens && seconds > 0 ? facts.outputTokens / seconds : null;
  const { parameters, ...attributes } = span.metadata;
  return (
    <aside className={styles.panel} aria-label={`Span ${span.name}`} data-testid="span-panel" data-span-id={span.id} tabIndex={0}>
      <header className={styles.head}>
        <div className={cx(styles.kind, kinds.kind)} {...spanData(span)}>
          <span className={kinds.swatch} aria-hidden />
          {kindLabel(span)}
          {span.stepType && <span className={styles.muted}> · {span.stepType}</span>}
        </div>
        <h2 className={styles.title}>{span.name}</h2>
        <TraceStatus status={span.status} />
      </header>
      <dl className={styles.facts}>
        <dt>Duration</dt>
        <dd data-testid="span-duration">{formatMs(durationOf(node))}</dd>
        <dt>Self time</dt>
        <dd>{formatMs(selfTime(node))}</dd>
        <dt>Starts at</dt>
        <dd>+{formatMs(span.start - traceStart)}</dd>
        <dt>Started</dt>
        <dd>{formatDateTime(new Date(span.start))}</dd>
        {facts && (
          <>
            <dt>Model</dt>
            <dd className={textStyles.mono}>{facts.model ?? '—'}</dd>
            <dt>Input tokens</dt>
            <dd data-testid="span-input-tokens">{formatCount(facts.inputTokens)}</dd>
            <dt>Output tokens</dt>
            <dd data-testid="span-output-tokens">{formatCount(facts.outputTokens)}</dd>
            <dt>Total tokens</dt>
            <dd data-testid="span-total-tokens">{formatCount(facts.totalTokens)}</dd>
            <dt>Output speed</dt>
            <dd data-testid="span-tokens-per-second" title="Output tokens over the call's duration">
              {tokensPerSecond === null ? '—' : `${tokensPerSecond.toFixed(1)} tokens/s`}
            </dd>
            <dt>Cost</dt>
            <dd data-testid="span-cost" title={usd === null && price ? `${facts.model ?? 'This model'} is not in the price table` : undefined}>
              {!price ? '…' : usd === null ? 'unknown' : formatUsd(usd)}
            </dd>
          </>
        )}
        {kind === 'tool' && (
          <>
            <dt>Tool</dt>
            <dd className={textStyles.mono}>{toolName(span)}</dd>
          </>
        )}
      </dl>
      {actions && <div className={styles.actions}>{actions}</div>}
      {incomplete && fullQ.isPending && <SkeletonRows rows={3} />}
      {span.error && (
        <section className={styles.errorBox} data-testid="span-error">
          <h3 className={styles.sectionTitle}>Error</h3>
          <div className={styles.pre}>{span.error}</div>
        </section>
      )}
      {typeof parameters === 'string' && parameters && (
        <Section title="Arguments">
          <SpanText text={parameters} />
        </Section>
      )}
      {span.input && (
        <Section title="Input">
          <SpanText text={span.input} />
        </Section>
      )}
      {span.output && (
        <Section title="Output">
          <SpanText text={span.output} />
        </Section>
      )}
      {Object.keys(attributes).length > 0 && (
        <Section title="Attributes">
          <JsonView value={attributes} maxHeight={240} />
        </Section>
      )}
    </aside>
  );
}
