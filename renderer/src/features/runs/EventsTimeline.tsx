import { memo, useMemo, useState } from 'react';
import type { AgnoEvent } from '../../api-types/shapes';
import { Icon } from '../../components/Icon';
import { JsonView } from '../../components/JsonView';
import { EmptyState } from '../../components/ui';
import { VirtualList } from '../../components/VirtualList';
import { buildEventRows, type EventCategory, type EventRow } from '../../lib/events';
import { formatCount, formatTime } from '../../lib/format';
import styles from './EventsTimeline.module.css';
import textStyles from '../../components/text.module.css';
import tabBarStyles from './tab-bar.module.css';
import { Segment, SegmentBar } from '../../components/SegmentBar';
import { PlainButton } from '../../components/Button';
import { cx } from '../../lib/cx';

const EventItem = memo(function EventItem({ row }: { row: EventRow }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={cx(styles.event, open ? styles.open : undefined)} data-category={row.category} data-testid="event" style={{ ['--depth' as string]: row.depth }}>
      <PlainButton className={styles.eventLine} onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className={styles.eventRail} aria-hidden>
          <span className={styles.eventDot} />
        </span>
        <span className={cx(styles.eventTime, textStyles.mono)} title={row.at ? row.at.toISOString() : ''}>
          {row.offset !== null ? `+${row.offset.toFixed(row.offset < 10 ? 1 : 0)}s` : formatTime(row.event.created_at)}
        </span>
        <span className={cx(styles.eventName, textStyles.mono)}>{row.name}</span>
        <span className={styles.eventSummary}>{row.summary}</span>
        <Icon name="chevronRight" size={11} className={styles.chev} />
      </PlainButton>
      {open && (
        <div className={styles.eventBody}>
          <JsonView value={row.event} maxHeight={360} />
        </div>
      )}
    </div>
  );
});

const FILTERS: { id: 'all' | EventCategory; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'tool', label: 'Tools' },
  { id: 'model', label: 'Model' },
  { id: 'step', label: 'Steps' },
  { id: 'reasoning', label: 'Reasoning' },
  { id: 'error', label: 'Errors' },
];

/** A run's stored events as a timeline (virtualized), filterable by kind, each expandable to JSON. */
export function EventsTimeline({ events }: { events: AgnoEvent[] | null | undefined }) {
  const rows = useMemo(() => buildEventRows(events), [events]);
  const [filter, setFilter] = useState<'all' | EventCategory>('all');
  const present = useMemo(() => new Set(rows.map((r) => r.category)), [rows]);
  const shown = useMemo(() => (filter === 'all' ? rows : rows.filter((r) => r.category === filter)), [rows, filter]);
  if (rows.length === 0) {
    return (
      <EmptyState icon="clock" title="No events stored">
        Agno stores events only with <code>store_events=True</code>; failed streamed runs always get a <code>RunError</code> event.
      </EmptyState>
    );
  }
  return (
    <div data-testid="events">
      <div className={tabBarStyles.convBar}>
        <span className={tabBarStyles.convCounts}>
          <strong>{formatCount(rows.length)}</strong> events
        </span>
        <SegmentBar size="sm">
          {FILTERS.filter((f) => f.id === 'all' || present.has(f.id)).map((f) => (
            <Segment key={f.id} selected={filter === f.id} onClick={() => setFilter(f.id)}>
              {f.label}
            </Segment>
          ))}
        </SegmentBar>
      </div>
      <VirtualList items={shown} getKey={(r) => r.key} estimateSize={() => 30} renderItem={(r) => <EventItem row={r} />} maxHeight="70vh" testId="event-list" />
    </div>
  );
}
