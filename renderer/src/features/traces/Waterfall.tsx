import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/cx';
import { durationOf } from '../../lib/trace/critical';
import { treeKey, type TreeCursor } from '../../lib/trace/keyboard';
import { spanCaption, spanStatus } from '../../lib/trace/kind';
import { axisTicks, type TimeWindow, type WaterfallRow } from '../../lib/trace/layout';
import kinds from './span-kinds.module.css';
import { formatMs, spanData } from './span-style';
import styles from './Waterfall.module.css';

const ROW_HEIGHT = 30;
const INDENT = 14;
/** Rows kept above and below the window, so a wheel step or a slow fling finds them already there. */
const OVERSCAN = 12;
/**
 * Rows are keyed by their slot on screen (index modulo this), not by span: a row scrolled off is
 * reused for the one scrolled on, so a fling patches a screenful of rows each frame instead of
 * tearing them down and building new ones. Larger than any window's row count, so keys are unique.
 */
const SLOTS = 256;

/**
 * The span tree beside its time axis: one fixed-height row per visible span, virtualized (a
 * 5,000-span trace keeps only a screenful of rows in the DOM). A tree for assistive technology:
 * the list holds focus and names the focused row as its active descendant, the arrows move it
 * (see `treeKey`), Enter selects.
 */
export function Waterfall({
  rows,
  window: w,
  cursor,
  onCursor,
  onToggle,
  critical,
  maxHeight,
  label,
}: {
  rows: readonly WaterfallRow[];
  window: TimeWindow;
  cursor: TreeCursor;
  onCursor: (next: TreeCursor) => void;
  onToggle: (spanId: string) => void;
  /** Span ids on the critical path, marked in their rows. */
  critical: ReadonlySet<string>;
  maxHeight: string;
  label: string;
}) {
  const idPrefix = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    useFlushSync: false,
  });
  const focusedIndex = useMemo(() => rows.findIndex((r) => r.node.span.id === cursor.focused), [rows, cursor.focused]);

  // Keep the focused row on screen as the arrows move it.
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusedIndex]);

  // One callback for every row, so a row that stays on screen while scrolling is not rendered again.
  const latest = useRef({ cursor, onCursor });
  latest.current = { cursor, onCursor };
  const onSelect = useCallback((id: string) => {
    const { cursor: c, onCursor: set } = latest.current;
    set({ ...c, focused: id, selected: id });
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = treeKey(rows, cursor, e.key);
    if (!next) return;
    e.preventDefault();
    onCursor(next);
  };

  const items = virtualizer.getVirtualItems();

  const duration = w.end - w.start;
  const ticks = useMemo(() => axisTicks(duration), [duration]);
  const rowId = (spanId: string) => `${idPrefix}-${spanId}`;
  const total = virtualizer.getTotalSize();

  return (
    <div className={styles.frame} data-testid="waterfall" data-count={rows.length}>
      <div className={styles.axis} aria-hidden>
        <span className={styles.axisLabel}>Span</span>
        <div className={styles.ticks}>
          {duration > 0 &&
            ticks.map((t) => (
              <span key={t} className={styles.tick} style={{ left: `${(t / duration) * 100}%` }}>
                {formatMs(t)}
              </span>
            ))}
        </div>
      </div>
      <div
        ref={scrollRef}
        className={styles.scroller}
        style={{ maxHeight, height: Math.min(total, 100_000) }}
        role="tree"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={focusedIndex >= 0 ? rowId(cursor.focused!) : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!cursor.focused && rows[0]) onCursor({ ...cursor, focused: rows[0].node.span.id });
        }}
        data-testid="waterfall-scroller"
      >
        <div style={{ height: total, position: 'relative' }}>
          <Rows items={items} rows={rows} idPrefix={idPrefix} focused={cursor.focused} selected={cursor.selected} critical={critical} onSelect={onSelect} onToggle={onToggle} />
        </div>
      </div>
    </div>
  );
}

/** The rows on screen, rendered only when the window or the cursor changes. */
const Rows = memo(function Rows({
  items,
  rows,
  idPrefix,
  focused,
  selected,
  critical,
  onSelect,
  onToggle,
}: {
  items: readonly VirtualItem[];
  rows: readonly WaterfallRow[];
  idPrefix: string;
  focused: string | null;
  selected: string | null;
  critical: ReadonlySet<string>;
  onSelect: (spanId: string) => void;
  onToggle: (spanId: string) => void;
}) {
  return items.map((item) => {
    const row = rows[item.index];
    // A window computed for a longer list (before a collapse) can outlive it by a render.
    if (!row) return null;
    const id = row.node.span.id;
    return (
      <SpanRow
        key={item.index % SLOTS}
        domId={`${idPrefix}-${id}`}
        row={row}
        top={item.start}
        index={item.index}
        setSize={rows.length}
        focused={focused === id}
        selected={selected === id}
        critical={critical.has(id)}
        onSelect={onSelect}
        onToggle={onToggle}
      />
    );
  });
});

const SpanRow = memo(function SpanRow({
  domId,
  row,
  top,
  index,
  setSize,
  focused,
  selected,
  critical,
  onSelect,
  onToggle,
}: {
  domId: string;
  row: WaterfallRow;
  top: number;
  index: number;
  setSize: number;
  focused: boolean;
  selected: boolean;
  critical: boolean;
  onSelect: (spanId: string) => void;
  onToggle: (spanId: string) => void;
}) {
  const span = row.node.span;
  const caption = spanCaption(span);
  const error = spanStatus(span.status) === 'error';
  const ms = durationOf(row.node);
  return (
    <div
      id={domId}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      className={cx(styles.row, kinds.kind, focused && styles.focused, selected && styles.selected)}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onSelect(span.id)}
      data-testid="span-row"
      data-span-id={span.id}
      {...spanData(span)}
    >
      <div className={styles.name} style={{ paddingLeft: 6 + row.depth * INDENT }}>
        <span
          className={styles.caret}
          aria-hidden
          onClick={(e) => {
            e.stopPropagation();
            if (row.hasChildren) onToggle(span.id);
          }}
          data-testid={row.hasChildren ? 'span-toggle' : undefined}
        >
          {row.hasChildren ? <Icon name={row.expanded ? 'chevronDown' : 'chevronRight'} size={12} /> : null}
        </span>
        <span className={styles.dot} aria-hidden />
        <span className={styles.label}>{span.name}</span>
        {caption && <span className={styles.caption}>{caption}</span>}
        <span className={styles.srOnly}>, {formatMs(ms)}</span>
        {error && (
          <span className={styles.errorMark} title="Error">
            <Icon name="alert" size={12} />
            <span className={styles.srOnly}>error</span>
          </span>
        )}
        {critical && (
          <span className={styles.critical} title="On the critical path">
            ◆<span className={styles.srOnly}> critical path</span>
          </span>
        )}
      </div>
      <div className={styles.track} aria-hidden>
        <div className={styles.bar} data-status={spanStatus(span.status)} style={{ left: `${row.offset * 100}%`, width: `${row.width * 100}%` }} />
        <span className={styles.dur} style={{ left: `${(row.offset + row.width) * 100}%` }}>
          {formatMs(ms)}
        </span>
      </div>
    </div>
  );
});
