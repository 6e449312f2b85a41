import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { Segmented } from '../../components/Segmented';
import { costNote, formatCostSum, formatUsd, type Pricer } from '../../lib/cost';
import { cx } from '../../lib/cx';
import { formatCount } from '../../lib/format';
import { usePricer } from '../../lib/use-pricer';
import { spanCost, sumCosts } from '../../lib/trace/cost';
import { criticalPath, durationOf, slowestSpans } from '../../lib/trace/critical';
import { filterSpans, NO_FILTER, type SpanFilter } from '../../lib/trace/filter';
import { toggled, type TreeCursor } from '../../lib/trace/keyboard';
import { modelFacts, SPAN_KIND_LABEL, spanCaption, spanKind, spanStatus, type SpanKind } from '../../lib/trace/kind';
import { waterfallRows, windowOf } from '../../lib/trace/layout';
import { otlpFileName, toOtlp } from '../../lib/trace/otlp';
import { buildSpanTree, flattenTraceDetail, isFirstSpans, pathTo, type SpanNode } from '../../lib/trace/tree';
import type { FlatSpan, TraceData } from '../../lib/trace/types';
import { useQueryClient } from '@tanstack/react-query';
import { traceQueries } from '../../api/observability/queries';
import { useActingAs } from '../../auth/acting-as';
import { useDbLocation } from '../../lib/location';
import { downloadText } from '../../platform/browser';
import { AgentGraph } from './AgentGraph';
import kinds from './span-kinds.module.css';
import { SpanFilterBar } from './SpanFilterBar';
import { SpanPanel } from './SpanPanel';
import { formatMs, KIND_ORDER, spanData } from './span-style';
import styles from './TraceView.module.css';
import { Waterfall } from './Waterfall';
import { Button, PlainButton } from '../../components/Button';

/** Every model span's price (null: unknown), computed once per trace. */
function modelSpanCosts(spans: readonly FlatSpan[], price: Pricer): Map<string, number | null> {
  const costs = new Map<string, number | null>();
  for (const span of spans) if (spanKind(span) === 'model') costs.set(span.id, spanCost(span, price));
  return costs;
}

/** A model span's caption with its price: `gpt-4o · 1384 → 66 tokens · $0.0041` (or `cost unknown`). */
function captionWithCost(span: FlatSpan, costs: ReadonlyMap<string, number | null> | null): string | null {
  const caption = spanCaption(span);
  if (!costs || !costs.has(span.id)) return caption;
  const usd = costs.get(span.id) ?? null;
  return [caption, usd === null ? 'cost unknown' : formatUsd(usd)].filter(Boolean).join(' · ');
}

/**
 * A trace as a waterfall: summary (spans, time, tokens, errors, the slowest model and tool
 * calls, the critical path), the collapsible span tree on a time axis, and the selected span's
 * panel. `spanActions` adds the page's own buttons to the panel (jump to the message, open the
 * run); `onSelect` lets the page keep the selection in its URL.
 */
export function TraceView({
  trace,
  selectedId,
  onSelect,
  spanActions,
  maxHeight = '62vh',
}: {
  trace: TraceData;
  selectedId?: string | null;
  onSelect?: (spanId: string) => void;
  spanActions?: (node: SpanNode, tree: ReturnType<typeof buildSpanTree>) => ReactNode;
  maxHeight?: string;
}) {
  const detail = trace.head;
  const spans = trace.spans;
  // Only the first spans so far: the waterfall shows them; what needs every span waits.
  const partial = isFirstSpans(trace);
  const tree = useMemo(() => buildSpanTree(spans), [spans]);
  const price = usePricer();
  const [filter, setFilter] = useState<SpanFilter>(NO_FILTER);
  const [view, setView] = useState<'waterfall' | 'graph'>('waterfall');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [cursorState, setCursorState] = useState<Omit<TreeCursor, 'collapsed'>>(() => ({ focused: selectedId ?? null, selected: selectedId ?? tree.roots[0]?.span.id ?? null }));
  const [zoomId, setZoomId] = useState<string | null>(null);
  const [showCritical, setShowCritical] = useState(true);

  const zoom = zoomId ? (tree.byId.get(zoomId) ?? null) : null;
  const filtered = useMemo(() => filterSpans(tree, filter), [tree, filter]);
  const rows = useMemo(() => waterfallRows(tree, collapsed, zoom, undefined, filtered), [tree, collapsed, zoom, filtered]);
  const costs = useMemo(() => (price ? modelSpanCosts(spans, price) : null), [spans, price]);
  const captionOf = useCallback((span: FlatSpan) => captionWithCost(span, costs), [costs]);
  const cost = useMemo(() => (costs ? sumCosts(spans, costs) : null), [spans, costs]);
  const win = useMemo(() => windowOf(tree, zoom), [tree, zoom]);
  const critical = useMemo(() => new Set(showCritical && !partial ? criticalPath(tree).map((n) => n.span.id) : []), [tree, showCritical, partial]);
  const slowest = useMemo(() => (partial ? [] : slowestSpans(tree, 5, ['model', 'tool'], true)), [tree, partial]);
  const totals = useMemo(() => summarise(tree.order), [tree]);

  const cursor: TreeCursor = { ...cursorState, collapsed };
  const setCursor = (next: TreeCursor) => {
    setCollapsed(next.collapsed);
    setCursorState({ focused: next.focused, selected: next.selected });
    if (next.selected && next.selected !== cursorState.selected) onSelect?.(next.selected);
  };
  /** Selects a span from outside the tree (the slowest list), opening its ancestors. */
  const reveal = (node: SpanNode) => {
    const open = new Set(collapsed);
    for (const p of pathTo(node).slice(0, -1)) open.delete(p.span.id);
    if (zoom && !pathTo(node).includes(zoom)) setZoomId(null);
    if (filtered && !filtered.shown.has(node.span.id)) setFilter(NO_FILTER);
    setCursor({ collapsed: open, focused: node.span.id, selected: node.span.id });
  };

  const selected = cursor.selected ? tree.byId.get(cursor.selected) : undefined;
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  // The export holds every span's input and output, which the view does not read: the whole tree is read for it.
  const exportOtlp = async () => {
    setExporting(true);
    try {
      const full = await queryClient.fetchQuery(traceQueries.full(actor, detail.trace_id, loc));
      const doc = toOtlp(full, flattenTraceDetail(full), new Date());
      downloadText(otlpFileName(detail.trace_id), `${JSON.stringify(doc, null, 2)}\n`);
    } finally {
      setExporting(false);
    }
  };

  if (!tree.order.length) return null;

  return (
    <div className={styles.view} data-testid="trace-view" data-trace-id={detail.trace_id}>
      <div className={styles.summary} data-testid="trace-summary">
        <Stat label="Spans" value={formatCount(partial ? trace.total! : tree.order.length)} testId="trace-span-count" />
        <Stat label="Duration" value={formatMs(tree.end - tree.start)} />
        {partial ? (
          // Sums over every span: shown when the whole trace is read (a moment after its first screen).
          ['Tokens', 'Cost', 'Model calls', 'Tool calls', 'Errors'].map((label) => <Stat key={label} label={label} value="…" title="Reading every span" />)
        ) : (
          <>
            <Stat label="Tokens" value={`${formatCount(totals.input)} → ${formatCount(totals.output)}`} />
            <Stat label="Cost" value={cost ? formatCostSum(cost) : '…'} title={cost ? (costNote(cost) ?? 'Model calls priced from the @pydantic/genai-prices table') : 'Loading the price table'} testId="trace-cost" />
            <Stat label="Model calls" value={formatCount(totals.model)} />
            <Stat label="Tool calls" value={formatCount(totals.tool)} />
            <Stat label="Errors" value={formatCount(totals.errors)} tone={totals.errors ? 'danger' : undefined} />
          </>
        )}
      </div>
      {/* Search, filters, the graph and export need every span: not usable until they are read. */}
      <div className={styles.toolbar} inert={partial}>
        {view === 'waterfall' ? (
          <SpanFilterBar filter={filter} onChange={setFilter} kinds={KIND_ORDER.filter((k) => totals.kinds.has(k)) as SpanKind[]} matched={filtered?.matches.size ?? null} total={tree.order.length} />
        ) : (
          <ul className={styles.legend} aria-label="Span colours">
            {KIND_ORDER.filter((k) => totals.kinds.has(k)).map((k) => (
              <li key={k} className={kinds.kind} data-kind={k}>
                <span className={kinds.swatch} aria-hidden />
                {SPAN_KIND_LABEL[k]}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.tools}>
          <Segmented
            name={`trace-view-${detail.trace_id}`}
            value={view}
            onChange={setView}
            options={[
              { value: 'waterfall', label: 'Waterfall' },
              { value: 'graph', label: 'Agent graph' },
            ]}
          />
          {view === 'waterfall' && (
            <>
              <label className={styles.check} title="Mark the spans on the critical path with ◆">
                <input type="checkbox" checked={showCritical} onChange={(e) => setShowCritical(e.target.checked)} />
                Critical path ◆
              </label>
              <Button size="xs" onClick={() => setCollapsed(new Set())}>
                Expand all
              </Button>
              <Button size="xs" onClick={() => setCollapsed(new Set(tree.order.filter((n) => n.children.length && n.depth >= 1).map((n) => n.span.id)))}>
                Collapse all
              </Button>
            </>
          )}
          <Button size="xs" onClick={() => void exportOtlp()} disabled={exporting} title="Download the trace as an OTLP JSON file" data-testid="export-otlp">
            <Icon name="download" size={12} /> Export OTLP
          </Button>
        </div>
      </div>
      {zoom && (
        <div className={styles.zoomBar} data-testid="trace-zoom">
          <span>
            Zoomed to <strong>{zoom.span.name}</strong> ({formatMs(durationOf(zoom))})
          </span>
          <Button size="xs" onClick={() => setZoomId(null)}>
            Show the whole trace
          </Button>
        </div>
      )}
      <div className={styles.body} style={{ '--panel-max-h': `calc(${maxHeight} + 28px)` } as CSSProperties}>
        <div className={styles.main}>
          {view === 'graph' ? (
            <AgentGraph
              tree={tree}
              onPick={(id) => {
                const node = tree.byId.get(id);
                setView('waterfall');
                if (node) reveal(node);
              }}
            />
          ) : (
          <Waterfall
            rows={rows}
            spans={tree.order}
            captionOf={captionOf}
            shortCaptionOf={spanCaption}
            window={win}
            cursor={cursor}
            onCursor={setCursor}
            onToggle={(id) => setCollapsed((c) => toggled(c, id))}
            critical={critical}
            maxHeight={maxHeight}
            label={`Spans of ${detail.name}`}
            total={trace.total}
          />
          )}
          {view === 'waterfall' && (
            <p className={styles.hint}>
              <Icon name="keyboard" size={12} /> ↑ ↓ move · → open · ← close · Enter selects
            </p>
          )}
          {slowest.length > 0 && (
            <section className={styles.slowest} aria-labelledby="slowest-title" data-testid="slowest-spans">
              <h3 id="slowest-title" className={styles.sectionTitle}>
                Slowest model and tool calls
              </h3>
              <ol>
                {slowest.map((n) => (
                  <li key={n.span.id}>
                    <PlainButton className={cx(styles.slowButton, kinds.kind)} {...spanData(n.span)} onClick={() => reveal(n)} data-testid="slow-span">
                      <span className={kinds.swatch} aria-hidden />
                      <span className={styles.slowName}>{n.span.name}</span>
                      <span className={styles.slowMeta}>{spanCaption(n.span) ?? ''}</span>
                      <span className={styles.slowMs}>{formatMs(durationOf(n))}</span>
                    </PlainButton>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
        {selected && (
          <SpanPanel
            traceId={detail.trace_id}
            node={selected}
            traceStart={tree.start}
            price={price}
            actions={
              <>
                {selected.children.length > 0 && zoom !== selected && (
                  <Button size="xs" onClick={() => setZoomId(selected.span.id)} data-testid="zoom-span">
                    Zoom to this span
                  </Button>
                )}
                {spanActions?.(selected, tree)}
              </>
            }
          />
        )}
      </div>
    </div>
  );
}

function Stat({ label, value, tone, testId, title }: { label: string; value: string; tone?: 'danger' | undefined; testId?: string; title?: string | undefined }) {
  return (
    <div className={styles.stat} data-tone={tone} title={title}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function summarise(order: readonly SpanNode[]) {
  let input = 0;
  let output = 0;
  let model = 0;
  let tool = 0;
  let errors = 0;
  const kindsSeen = new Set<string>();
  for (const n of order) {
    const kind = spanKind(n.span);
    kindsSeen.add(kind);
    if (kind === 'model') {
      model++;
      const f = modelFacts(n.span);
      input += f.inputTokens ?? 0;
      output += f.outputTokens ?? 0;
    }
    if (kind === 'tool') tool++;
    if (spanStatus(n.span.status) === 'error') errors++;
  }
  return { input, output, model, tool, errors, kinds: kindsSeen };
}
