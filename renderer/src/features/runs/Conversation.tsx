import { useCallback, useMemo, useRef, useState } from 'react';
import type { AgnoMessage } from '../../api/types';
import { EmptyState } from '../../components/ui';
import { VirtualList } from '../../components/VirtualList';
import { buildConversation, roleCounts, toolCallCount, type ConversationRow } from '../../lib/conversation';
import { formatCount, plural } from '../../lib/format';
import { mediaCount } from '../../lib/media';
import { MessageView } from './MessageView';
import tabBarStyles from './tab-bar.module.css';
import styles from './Conversation.module.css';
import segmentedStyles from '../../components/Segmented.module.css';
import messageViewStyles from './MessageView.module.css';
import { cx } from '../../lib/cx';
import buttonStyles from '../../components/Button.module.css';

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
}: {
  messages: AgnoMessage[] | null | undefined;
  maxHeight?: string;
  /** A message to scroll to and mark (arriving from a span of the trace). */
  focusMessage?: number | null;
  /** Returns to the span the reader came from. */
  backToSpan?: (() => void) | undefined;
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
        <span className={cx(segmentedStyles.segmented, segmentedStyles.segmentedSm)}>
          {(
            [
              ['all', 'All'],
              ['no-system', 'Hide system'],
              ['tools', 'Tool calls'],
            ] as const
          ).map(([id, label]) => (
            <button key={id} type="button" className={cx(segmentedStyles.segment, filter === id ? segmentedStyles.active : undefined)} onClick={() => setFilter(id)}>
              {label}
            </button>
          ))}
        </span>
        {backToSpan && (
          <button type="button" className={cx(buttonStyles.btn, buttonStyles.btnXs)} onClick={backToSpan} data-testid="back-to-span">
            Back to the span in the trace
          </button>
        )}
      </div>
      <JumpableList rows={shown} jump={jump} onJump={setJump} maxHeight={maxHeight} initial={focusMessage} />
    </div>
  );
}

function JumpableList({
  rows,
  jump,
  onJump,
  maxHeight,
  initial,
}: {
  rows: ConversationRow[];
  jump: number | null;
  onJump: (i: number) => void;
  maxHeight?: string | undefined;
  initial: number | null;
}) {
  const [scrollTo, setScrollTo] = useState<{ index: number } | null>(() => {
    const at = initial === null ? -1 : rows.findIndex((r) => r.index === initial);
    return at >= 0 ? { index: at } : null;
  });
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
        <div className={cx(messageViewStyles.msgWrap, jump === r.index ? messageViewStyles.jumped : undefined)} data-jumped={jump === r.index || undefined}>
          <MessageView row={r} onJump={go} />
        </div>
      )}
    />
  );
}
