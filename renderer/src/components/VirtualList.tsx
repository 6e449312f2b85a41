import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './VirtualList.module.css';
import { cx } from '../lib/cx';

/**
 * A virtualized vertical list with measured (variable) row heights: only visible rows are in
 * the DOM, so a run with thousands of messages or events scrolls smoothly. The list grows with
 * its content up to `maxHeight`, then scrolls inside.
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  maxHeight = '78vh',
  overscan = 4,
  className,
  bare = false,
  testId,
  gap = 0,
  scrollTo,
  onRangeChange,
}: {
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  estimateSize: (item: T, index: number) => number;
  renderItem: (item: T, index: number) => ReactNode;
  maxHeight?: string | number;
  overscan?: number;
  className?: string;
  /** Drawn on the parent's surface, without a frame. */
  bare?: boolean;
  testId?: string;
  gap?: number;
  /** Scrolls row `index` into the middle; a new object scrolls again to the same row. */
  scrollTo?: { index: number } | null;
  /** Told the last rendered row's index and the item count whenever either changes (e.g. to load more). */
  onRangeChange?: (lastIndex: number, count: number) => void;
}) {
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: (i) => estimateSize(items[i]!, i),
    getItemKey: (i) => getKey(items[i]!, i),
    overscan,
    gap,
    // Measuring inside React's commit with flushSync warns under React 19 and buys nothing here.
    useFlushSync: false,
  });
  useEffect(() => {
    if (scrollTo && scrollTo.index >= 0 && scrollTo.index < items.length) {
      virtualizer.scrollToIndex(scrollTo.index, { align: 'center' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollTo]);
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= 0) onRangeChange?.(lastIndex, items.length);
  }, [lastIndex, items.length, onRangeChange]);
  return (
    <div
      ref={parentRef}
      className={cx(styles.vlist, bare && styles.bare, className)}
      style={{ maxHeight, overflowY: 'auto', contain: 'strict', height: Math.min(virtualizer.getTotalSize(), 100_000) }}
      data-testid={testId}
      data-count={items.length}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {rows.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
           
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
