import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgnoMessage } from '../../api-types/shapes';
import { EmptyState } from '../../components/ui';
import { VirtualList } from '../../components/VirtualList';
import { buildConversation, roleCounts, toolCallCount, type ConversationRow } from '../../lib/conversation';
import { findInConversation, rowSearchText } from '../../lib/conversation-find';
import { ConversationFind } from './ConversationFind';
import { formatCount, plural } from '../../lib/format';
import { mediaCount } from '../../lib/media';
import { MessageView } from './MessageView';
import tabBarStyles from './tab-bar.module.css';
import styles from './Conversation.module.css';
import { Segment, SegmentBar } from '../../components/SegmentBar';
import messageViewStyles from './MessageView.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

/** Rough height guess before measuring (keeps the scrollbar stable on huge runs). */
function estimate(row: ConversationRow): number {
  let h = 46;
  for (const p of row.parts) {
    if (p.type === 'text') h += Math.min(320, 20 * Math.ceil(p.text.length / 110));
    else h += 120;
  }
  h += row.toolCalls.length * 90;
  if (mediaCount(row.media) > 0) h += 160;
  return h;
}

type RoleFilter = 'all' | 'no-system' | 'tools';

/** A run's messages as a conversation, virtualized (thousands of messages stay smooth). */
export function Conversation({
  messages,
  maxHeight,
  focusMessage = null,
  backToSpan,
  initialFind = '',
}: {
  messages: AgnoMessage[] | null | undefined;
  maxHeight?: string;
  /** A message to scroll to and mark (arriving from a span of the trace). */
  focusMessage?: number | null;
  /** Returns to the span the reader came from. */
  backToSpan?: (() => void) | undefined;
  /** Text to find at once (arriving from a search result). */
  initialFind?: string;
}) {
  const rows = useMemo(() => buildConversation(messages), [messages]);
  const counts = useMemo(() => roleCounts(rows), [rows]);
  const calls = useMemo(() => toolCallCount(rows), [rows]);
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [jump, setJump] = useState<number | null>(focusMessage);
  const shown = useMemo(() => {
    if (filter === 'no-system') return rows.filter((r) => r.role !== 'system');
    if (filter === 'tools') return rows.filter((r) => r.role === 'tool' || r.toolCalls.length > 0);
    return rows;
  }, [rows, filter]);
  const texts = useMemo(() => shown.map(rowSearchText), [shown]);
  const [term, setTerm] = useState(initialFind);
  const hits = useMemo(() => findInConversation(shown, texts, term), [shown, texts, term]);
  const [hit, setHit] = useState(0);
  const [scrollRequest, setScrollRequest] = useState<{ index: number } | null>(null);
  const goToHit = useCallback(
    (n: number) => {
      if (hits.length === 0) return;
      const at = ((n % hits.length) + hits.length) % hits.length;
      setHit(at);
      const row = shown[hits[at] as number];
      if (row) {
        setJump(row.index);
        setScrollRequest({ index: hits[at] as number });
      }
    },
    [hits, shown],
  );
  // A new term (or filter) starts again from its first hit, unless arriving at a chosen message.
  const arrivedAt = useRef(focusMessage);
  useEffect(() => {
    if (hits.length === 0) return;
    const chosen = arrivedAt.current === null ? -1 : hits.findIndex((p) => shown[p]?.index === arrivedAt.current);
    arrivedAt.current = null;
    goToHit(Math.max(0, chosen));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hits]);

  if (rows.length === 0) return <EmptyState icon="list" title="No messages stored for this run" />;

  return (
    <div data-testid="conversation">
      <div className={tabBarStyles.convBar}>
        <span className={tabBarStyles.convCounts}>
          <strong>{formatCount(rows.length)}</strong> messages
          {(['system', 'user', 'assistant', 'tool'] as const).map((r) =>
            counts[r] ? (
              <span key={r} className={styles.roleCount} data-role={r}>
                {formatCount(counts[r])} {r}
              </span>
            ) : null,
          )}
          {calls > 0 && <span className={styles.roleCount}>{plural(calls, 'tool call')}</span>}
        </span>
        <SegmentBar size="sm">
          {(
            [
              ['all', 'All'],
              ['no-system', 'Hide system'],
              ['tools', 'Tool calls'],
            ] as const
          ).map(([id, label]) => (
            <Segment key={id} selected={filter === id} onClick={() => setFilter(id)}>
              {label}
            </Segment>
          ))}
        </SegmentBar>
        <ConversationFind term={term} onTerm={setTerm} hit={hits.length ? hit : -1} hits={hits.length} onStep={(d) => goToHit(hit + d)} />
        {backToSpan && (
          <Button size="xs" onClick={backToSpan} data-testid="back-to-span">
            Back to the span in the trace
          </Button>
        )}
      </div>
      <JumpableList
        rows={shown}
        jump={jump}
        onJump={setJump}
        maxHeight={maxHeight}
        initial={focusMessage}
        scrollRequest={scrollRequest}
        current={hits.length && term.trim() ? (shown[hits[hit] as number]?.index ?? null) : null}
      />
    </div>
  );
}

function JumpableList({
  rows,
  jump,
  onJump,
  maxHeight,
  initial,
  scrollRequest,
  current,
}: {
  rows: ConversationRow[];
  jump: number | null;
  onJump: (i: number) => void;
  maxHeight?: string | undefined;
  initial: number | null;
  /** A row (position in `rows`) to scroll to: each new object scrolls once. */
  scrollRequest: { index: number } | null;
  /** Message index of the find box's current hit. */
  current: number | null;
}) {
  const [scrollTo, setScrollTo] = useState<{ index: number } | null>(() => {
    const at = initial === null ? -1 : rows.findIndex((r) => r.index === initial);
    return at >= 0 ? { index: at } : null;
  });
  useEffect(() => {
    if (scrollRequest) setScrollTo(scrollRequest);
  }, [scrollRequest]);
  // Stable across renders so memoised rows are not re-rendered on every scroll frame.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const go = useCallback(
    (messageIndex: number) => {
      onJump(messageIndex);
      const at = rowsRef.current.findIndex((r) => r.index === messageIndex);
      if (at >= 0) setScrollTo({ index: at });
    },
    [onJump],
  );
  return (
    <VirtualList
      items={rows}
      getKey={(r) => r.key}
      estimateSize={estimate}
      maxHeight={maxHeight ?? '78vh'}
      testId="message-list"
      className={styles.messageList}
      scrollTo={scrollTo}
      renderItem={(r) => (
        <div
          className={cx(messageViewStyles.msgWrap, jump === r.index ? messageViewStyles.jumped : undefined)}
          data-jumped={jump === r.index || undefined}
          data-find-current={current === r.index || undefined}
          data-message-index={r.index}
        >
          <MessageView row={r} onJump={go} />
        </div>
      )}
    />
  );
}
