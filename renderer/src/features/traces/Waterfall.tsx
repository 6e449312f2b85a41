import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { Range, VirtualItem } from '@tanstack/react-virtual';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/cx';
import { durationOf } from '../../lib/trace/critical';
import { treeKey, type TreeCursor } from '../../lib/trace/keyboard';
import { spanStatus } from '../../lib/trace/kind';
import { axisTicks, type TimeWindow, type WaterfallRow } from '../../lib/trace/layout';
import type { SpanNode } from '../../lib/trace/tree';
import type { FlatSpan } from '../../lib/trace/types';
import { fontsOf, textMeasurer } from '../../platform/text-measure';
import { clampNameColumn, INDENT, nameColumnWidth } from './name-column';
import kinds from './span-kinds.module.css';
import { formatMs, spanData } from './span-style';
import styles from './Waterfall.module.css';
import { flingOf, OVERSCAN, rowsToRender } from './waterfall-window';

const ROW_HEIGHT = 30;
/** A row whose caption sits on a line of its own, under the name (a narrow waterfall). */
const STACKED_ROW_HEIGHT = 46;
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
  spans,
  captionOf: fullCaptionOf,
  shortCaptionOf = fullCaptionOf,
  total,
}: {
  rows: readonly WaterfallRow[];
  /** Every span of the tree (sizes the name column, whatever is open). */
  spans: readonly SpanNode[];
  /** A row's caption after its name (model, tokens, cost; tool). */
  captionOf: (span: FlatSpan) => string | null;
  /** The caption used when the full one would not fit beside the time axis (a narrow window). */
  shortCaptionOf?: (span: FlatSpan) => string | null;
  window: TimeWindow;
  cursor: TreeCursor;
  onCursor: (next: TreeCursor) => void;
  onToggle: (spanId: string) => void;
  /** Span ids on the critical path, marked in their rows. */
  critical: ReadonlySet<string>;
  maxHeight: string;
  label: string;
  /** When `spans` are only the trace's first: how many it has (the list is as tall as they will be). */
  total?: number | undefined;
}) {
  const idPrefix = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const nameCol = useNameColumn(frameRef, spans, fullCaptionOf, shortCaptionOf);
  const captionOf = nameCol.captionOf;
  const rowHeight = nameCol.stacked ? STACKED_ROW_HEIGHT : ROW_HEIGHT;
  const fling = useRef<{ offset: number; direction: -1 | 0 | 1 }>({ offset: 0, direction: 0 });
  const flinging = fling.current.direction;
  // A new extractor when a fling starts, turns or stops: the virtualizer computes the window again.
  const rangeExtractor = useCallback((range: Range) => rowsToRender(range, flinging), [flinging]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    rangeExtractor,
    // In a fling the rows on screen are rendered in the scroll event, so the frame shows them.
    useFlushSync: flinging !== 0,
    // Runs before the render it scheduled: that render sizes its window by this step.
    onChange: (instance) => {
      const offset = instance.scrollOffset ?? 0;
      fling.current = { offset, direction: flingOf(fling.current.offset, offset, instance.isScrolling, rowHeight) };
    },
  });
  // The row height changes when the captions move under the names (or back): lay the rows out again.
  useLayoutEffect(() => {
    virtualizer.measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowHeight]);
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
  // About one tick per 80 px of the time axis, so labels never run into each other.
  const tickCount = nameCol.frameWidth > 0 ? Math.max(2, Math.min(6, Math.floor((nameCol.frameWidth - nameCol.width - 64) / 80))) : 6;
  const ticks = useMemo(() => axisTicks(duration, tickCount), [duration, tickCount]);
  const rowId = (spanId: string) => `${idPrefix}-${spanId}`;
  // The rows still to be read take their room already, so the scrollbar does not jump when they come.
  const pending = total === undefined ? 0 : Math.max(0, total - spans.length);
  const height = virtualizer.getTotalSize() + pending * rowHeight;

  return (
    <div
      ref={frameRef}
      className={styles.frame}
      data-testid="waterfall"
      data-count={rows.length}
      data-partial={pending > 0 || undefined}
      data-stacked={nameCol.stacked || undefined}
      style={{ '--name-col': `${nameCol.width}px`, '--row-h': `${rowHeight}px` } as CSSProperties}
    >
      <div className={styles.axis}>
        <span className={styles.axisLabel}>
          Span
          <span
            role="separator"
            aria-orientation="vertical"
            aria-label="Width of the span name column"
            aria-valuenow={nameCol.width}
            aria-valuemin={nameCol.min}
            aria-valuemax={nameCol.max}
            tabIndex={0}
            className={styles.resizer}
            title="Drag to resize the name column (double-click: fit the names)"
            onPointerDown={nameCol.onPointerDown}
            onPointerMove={nameCol.onPointerMove}
            onPointerUp={nameCol.onPointerUp}
            onDoubleClick={nameCol.reset}
            onKeyDown={nameCol.onKeyDown}
            data-testid="name-column-resizer"
          />
        </span>
        <div className={styles.ticks} aria-hidden>
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
        style={{ maxHeight, height: Math.min(height, 100_000) }}
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
        <div style={{ height, position: 'relative' }}>
          <Rows
            items={items}
            rows={rows}
            idPrefix={idPrefix}
            focused={cursor.focused}
            selected={cursor.selected}
            critical={critical}
            onSelect={onSelect}
            onToggle={onToggle}
            captionOf={captionOf}
          />
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
  captionOf,
}: {
  items: readonly VirtualItem[];
  rows: readonly WaterfallRow[];
  idPrefix: string;
  focused: string | null;
  selected: string | null;
  critical: ReadonlySet<string>;
  onSelect: (spanId: string) => void;
  onToggle: (spanId: string) => void;
  captionOf: (span: FlatSpan) => string | null;
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
        caption={captionOf(row.node.span)}
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
  caption,
}: {
  caption: string | null;
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
      data-context={row.context || undefined}
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
        <span className={styles.text}>
          <span className={styles.label} data-testid="span-name">
            {span.name}
          </span>
          {caption && (
            <span className={styles.caption} data-testid="span-caption" title={caption}>
              {caption}
            </span>
          )}
        </span>
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

/**
 * The name column: as wide as the widest span name and caption (measured in the page's font),
 * within the frame's limits, until the user drags or arrows the separator; double-click fits it
 * to the names again.
 */
function useNameColumn(
  frameRef: RefObject<HTMLDivElement | null>,
  spans: readonly SpanNode[],
  fullCaptionOf: (span: FlatSpan) => string | null,
  shortCaptionOf: (span: FlatSpan) => string | null,
) {
  const [frameWidth, setFrameWidth] = useState(0);
  // Each width is a pass over every span (50,000 captions in a large trace): the full captions'
  // always, the short ones and the stacked layout only when the one before does not fit. All are
  // measured before the first paint (layout effects), so nothing is drawn at a wrong width.
  const [fits, setFits] = useState<{ full: number; short: number | null; stacked: number | null }>({ full: 0, short: null, stacked: null });
  const [user, setUser] = useState<number | null>(null);
  const drag = useRef<{ x: number; width: number } | null>(null);

  useLayoutEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    setFrameWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setFrameWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [frameRef]);
  const measurer = useCallback(() => {
    const el = frameRef.current;
    const fonts = el ? fontsOf(el) : null;
    return (fonts ? textMeasurer(fonts.family, fonts) : null) ?? undefined;
  }, [frameRef]);
  useLayoutEffect(() => {
    setFits({ full: nameColumnWidth(spans, fullCaptionOf, measurer()), short: null, stacked: null });
  }, [measurer, spans, fullCaptionOf, shortCaptionOf]);

  // The full captions when they fit beside the time axis, else the short ones; when even those
  // would be cut (a half-width compare panel), the full captions on a line of their own under
  // the names, in taller rows. Names are never cut for a caption.
  const fitsIn = (w: number) => frameWidth === 0 || clampNameColumn(w, frameWidth) >= w;
  const roomy = fits.full === 0 || fitsIn(fits.full);
  const needShort = !roomy && fits.short === null;
  const needStacked = !roomy && fits.short !== null && !fitsIn(fits.short) && fits.stacked === null;
  useLayoutEffect(() => {
    if (needShort) {
      const short = shortCaptionOf === fullCaptionOf ? fits.full : nameColumnWidth(spans, shortCaptionOf, measurer());
      setFits((f) => ({ ...f, short }));
    } else if (needStacked) {
      const stacked = nameColumnWidth(spans, fullCaptionOf, measurer(), undefined, true);
      setFits((f) => ({ ...f, stacked }));
    }
  }, [needShort, needStacked, measurer, spans, fullCaptionOf, shortCaptionOf, fits.full]);
  const stacked = !roomy && fits.short !== null && !fitsIn(fits.short);
  const fit = roomy ? fits.full : stacked ? (fits.stacked ?? fits.short ?? fits.full) : (fits.short ?? fits.full);
  const captionOf = roomy || stacked ? fullCaptionOf : shortCaptionOf;
  const width = clampNameColumn(user ?? fit, frameWidth);
  const max = clampNameColumn(Number.MAX_SAFE_INTEGER, frameWidth);
  const set = (w: number) => setUser(clampNameColumn(w, frameWidth));
  return {
    width,
    frameWidth,
    captionOf,
    stacked,
    min: clampNameColumn(0, frameWidth),
    max: max === Number.MAX_SAFE_INTEGER ? width : max,
    reset: () => setUser(null),
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { x: e.clientX, width };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (drag.current) set(drag.current.width + e.clientX - drag.current.x);
    },
    onPointerUp: () => {
      drag.current = null;
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const step = e.shiftKey ? 80 : 20;
      if (e.key === 'ArrowLeft') set(width - step);
      else if (e.key === 'ArrowRight') set(width + step);
      else if (e.key === 'Home') set(0);
      else if (e.key === 'End') set(Number.MAX_SAFE_INTEGER);
      else return;
      e.preventDefault();
    },
  };
}
