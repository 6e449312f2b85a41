import { useMemo, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/cx';
import { formatCount } from '../../lib/format';
import { criticalPath, durationOf, slowestSpans } from '../../lib/trace/critical';
import { toggled, type TreeCursor } from '../../lib/trace/keyboard';
import { modelFacts, SPAN_KIND_LABEL, spanCaption, spanKind, spanStatus } from '../../lib/trace/kind';
import { waterfallRows, windowOf } from '../../lib/trace/layout';
import { buildSpanTree, flattenTraceDetail, pathTo, type SpanNode } from '../../lib/trace/tree';
import type { TraceDetail } from '../../lib/trace/types';
import kinds from './span-kinds.module.css';
import { SpanPanel } from './SpanPanel';
import { formatMs, KIND_ORDER, spanData } from './span-style';
import styles from './TraceView.module.css';
import { Waterfall } from './Waterfall';
import { Button } from '../../components/Button';

/**
 * A trace as a waterfall: summary (spans, time, tokens, errors, the slowest model and tool
 * calls, the critical path), the collapsible span tree on a time axis, and the selected span's
 * panel. `spanActions` adds the page's own buttons to the panel (jump to the message, open the
 * run); `onSelect` lets the page keep the selection in its URL.
 */
export function TraceView({
  detail,
  selectedId,
  onSelect,
  spanActions,
  maxHeight = '62vh',
}: {
  detail: TraceDetail;
  selectedId?: string | null;
  onSelect?: (spanId: string) => void;
  spanActions?: (node: SpanNode, tree: ReturnType<typeof buildSpanTree>) => ReactNode;
  maxHeight?: string;
}) {
  const tree = useMemo(() => buildSpanTree(flattenTraceDetail(detail)), [detail]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [cursorState, setCursorState] = useState<Omit<TreeCursor, 'collapsed'>>(() => ({ focused: selectedId ?? null, selected: selectedId ?? tree.roots[0]?.span.id ?? null }));
  const [zoomId, setZoomId] = useState<string | null>(null);
  const [showCritical, setShowCritical] = useState(true);

  const zoom = zoomId ? (tree.byId.get(zoomId) ?? null) : null;
  const rows = useMemo(() => waterfallRows(tree, collapsed, zoom), [tree, collapsed, zoom]);
  const win = useMemo(() => windowOf(tree, zoom), [tree, zoom]);
  const critical = useMemo(() => new Set(showCritical ? criticalPath(tree).map((n) => n.span.id) : []), [tree, showCritical]);
  const slowest = useMemo(() => slowestSpans(tree, 5, ['model', 'tool'], true), [tree]);
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
    setCursor({ collapsed: open, focused: node.span.id, selected: node.span.id });
  };

  const selected = cursor.selected ? tree.byId.get(cursor.selected) : undefined;

  if (!tree.order.length) return null;

  return (
    <div className={styles.view} data-testid="trace-view" data-trace-id={detail.trace_id}>
      <div className={styles.summary} data-testid="trace-summary">
        <Stat label="Spans" value={formatCount(tree.order.length)} testId="trace-span-count" />
        <Stat label="Duration" value={formatMs(tree.end - tree.start)} />
        <Stat label="Tokens" value={`${formatCount(totals.input)} → ${formatCount(totals.output)}`} />
        <Stat label="Model calls" value={formatCount(totals.model)} />
        <Stat label="Tool calls" value={formatCount(totals.tool)} />
        <Stat label="Errors" value={formatCount(totals.errors)} tone={totals.errors ? 'danger' : undefined} />
      </div>
      <div className={styles.toolbar}>
        <ul className={styles.legend} aria-label="Span colours">
          {KIND_ORDER.filter((k) => totals.kinds.has(k)).map((k) => (
            <li key={k} className={kinds.kind} data-kind={k}>
              <span className={kinds.swatch} aria-hidden />
              {SPAN_KIND_LABEL[k]}
            </li>
          ))}
        </ul>
        <div className={styles.tools}>
          <label className={styles.check}>
            <input type="checkbox" checked={showCritical} onChange={(e) => setShowCritical(e.target.checked)} />
            Mark the critical path ◆
          </label>
          <Button size="xs" onClick={() => setCollapsed(new Set())}>
            Expand all
          </Button>
          <Button size="xs" onClick={() => setCollapsed(new Set(tree.order.filter((n) => n.children.length && n.depth >= 1).map((n) => n.span.id)))}>
            Collapse all
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
      <div className={styles.body}>
        <div className={styles.main}>
          <Waterfall
            rows={rows}
            window={win}
            cursor={cursor}
            onCursor={setCursor}
            onToggle={(id) => setCollapsed((c) => toggled(c, id))}
            critical={critical}
            maxHeight={maxHeight}
            label={`Spans of ${detail.name}`}
          />
          <p className={styles.hint}>
            <Icon name="keyboard" size={12} /> ↑ ↓ move · → open · ← close · Enter selects
          </p>
          {slowest.length > 0 && (
            <section className={styles.slowest} aria-labelledby="slowest-title" data-testid="slowest-spans">
              <h3 id="slowest-title" className={styles.sectionTitle}>
                Slowest model and tool calls
              </h3>
              <ol>
                {slowest.map((n) => (
                  <li key={n.span.id}>
                    <button type="button" className={cx(styles.slowButton, kinds.kind)} {...spanData(n.span)} onClick={() => reveal(n)} data-testid="slow-span">
                      <span className={kinds.swatch} aria-hidden />
                      <span className={styles.slowName}>{n.span.name}</span>
                      <span className={styles.slowMeta}>{spanCaption(n.span) ?? ''}</span>
                      <span className={styles.slowMs}>{formatMs(durationOf(n))}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
        {selected && (
          <SpanPanel
            node={selected}
            traceStart={tree.start}
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

function Stat({ label, value, tone, testId }: { label: string; value: string; tone?: 'danger' | undefined; testId?: string }) {
  return (
    <div className={styles.stat} data-tone={tone}>
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
