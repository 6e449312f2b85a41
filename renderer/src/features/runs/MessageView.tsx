import { memo, useMemo } from 'react';
import type { AgnoMessage } from '../../api-types/shapes';
import { Clamp, Collapsible } from '../../components/Collapsible';
import { Icon } from '../../components/Icon';
import { JsonView, parseJsonText } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { MediaGallery } from '../../components/Media';
import type { ContentPart, ConversationRow } from '../../lib/conversation';
import { formatCompact, formatCount, formatDuration, formatTime } from '../../lib/format';
import { compactJson } from '../../lib/json';
import { mediaCount } from '../../lib/media';
import textStyles from '../../components/text.module.css';
import styles from './MessageView.module.css';
import badgeStyles from '../../components/Badge.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

const ROLE_LABEL: Record<string, string> = {
  system: 'System',
  developer: 'Developer',
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool result',
};

function isLong(text: string): boolean {
  if (text.length > 1400) return true;
  let lines = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10 && ++lines > 14) return true;
  return false;
}

function Parts({ parts, role }: { parts: ContentPart[]; role: string }) {
  return (
    <>
      {parts.map((p, i) => {
        switch (p.type) {
          case 'text': {
            const long = isLong(p.text);
            const body =
              role === 'assistant' || role === 'user' ? (
                <Markdown text={p.text} />
              ) : role === 'tool' ? (
                <ToolText key={i} text={p.text} />
              ) : (
                <div className={cx(textStyles.textPre, styles.textPre)}>{p.text}</div>
              );
            if (role === 'tool') return body;
            return (
              <Clamp key={i} long={long} lines={role === 'system' ? 6 : 14}>
                {body}
              </Clamp>
            );
          }
          case 'image':
            return <img key={i} className={styles.msgImage} src={p.url} alt="" loading="lazy" />;
          case 'audio':
            return <audio key={i} controls src={`data:audio/${p.format ?? 'wav'};base64,${p.data}`} />;
          case 'json':
            return <JsonView key={i} value={p.value} maxHeight={320} />;
        }
      })}
    </>
  );
}

/** A tool result: dense JSON when it parses, clamped when long. */
function ToolText({ text }: { text: string }) {
  const shown = useMemo(() => {
    const parsed = parseJsonText(text);
    return parsed === undefined ? null : compactJson(parsed, 96);
  }, [text]);
  const display = shown ?? text;
  let lines = 1;
  for (let i = 0; i < display.length && lines <= 14; i++) if (display.charCodeAt(i) === 10) lines++;
  return (
    <Clamp long={lines > 14 || display.length > 2000} lines={12}>
      {shown !== null ? <JsonView value={shown} /> : <pre className={cx(textStyles.code, styles.code, textStyles.textPre, styles.textPre)}>{text}</pre>}
    </Clamp>
  );
}

function MessageMetrics({ m }: { m: AgnoMessage }) {
  const metrics = m.metrics;
  if (!metrics || typeof metrics !== 'object') return null;
  const tokens = typeof metrics.total_tokens === 'number' ? metrics.total_tokens : null;
  const inT = typeof metrics.input_tokens === 'number' ? metrics.input_tokens : null;
  const outT = typeof metrics.output_tokens === 'number' ? metrics.output_tokens : null;
  return (
    <span className={styles.msgMetrics} title={`${formatCount(inT)} in · ${formatCount(outT)} out`}>
      {tokens !== null && <span>{formatCompact(tokens)} tok</span>}
      {typeof metrics.duration === 'number' && <span>{formatDuration(metrics.duration)}</span>}
      {typeof metrics.time_to_first_token === 'number' && <span>ttft {formatDuration(metrics.time_to_first_token)}</span>}
    </span>
  );
}

/** One message of the conversation. Tool calls and their arguments are shown expanded. */
export const MessageView = memo(function MessageView({ row, onJump }: { row: ConversationRow; onJump?: (index: number) => void }) {
  const m = row.message;
  const roleLabel = ROLE_LABEL[row.role] ?? row.rawRole;
  return (
    <article
      className={cx(styles.msg, row.isError ? styles.msgError : undefined, row.fromHistory ? styles.fromHistory : undefined)}
      data-role={row.role}
      data-index={row.index}
      data-testid="message"
    >
      <header className={styles.msgHead}>
        <span className={styles.msgRole}>{roleLabel}</span>
        {row.answers && (
          <span className={styles.msgAnswers}>
            <Icon name="tool" size={11} />
            <span className={textStyles.mono}>{row.answers.name}</span>
            {row.answers.callIndex !== null && onJump && (
              <Button variant="link" className={textStyles.small} onClick={() => onJump(row.answers!.callIndex!)}>
                call #{row.answers.callIndex + 1}
              </Button>
            )}
            {row.isError ? <span className={badgeStyles.badge} data-tone="danger">error</span> : null}
          </span>
        )}
        {typeof m.name === 'string' && row.role !== 'tool' && <span className={cx(textStyles.muted, textStyles.small, textStyles.mono)}>{m.name}</span>}
        {row.fromHistory && <span className={badgeStyles.badge} data-tone="muted">history</span>}
        <span className={styles.msgSpacer} />
        <MessageMetrics m={m} />
        {m.created_at !== undefined && <span className={cx(styles.msgTime, textStyles.mono)}>{formatTime(m.created_at)}</span>}
        <span className={cx(styles.msgIndex, textStyles.mono)}>#{row.index + 1}</span>
      </header>
      <div className={styles.msgBody}>
        {typeof m.reasoning_content === 'string' && m.reasoning_content && (
          <Collapsible className={styles.thinking} title={<><Icon name="brain" size={12} /> Thinking</>} meta={`${formatCount(m.reasoning_content.length)} chars`}>
            <Markdown text={m.reasoning_content} />
          </Collapsible>
        )}
        {row.parts.length > 0 ? (
          <Parts parts={row.parts} role={row.role} />
        ) : row.toolCalls.length === 0 && mediaCount(row.media) === 0 ? (
          <div className={cx(textStyles.muted, textStyles.small)}>(empty)</div>
        ) : null}
        {row.toolCalls.map((c, i) => (
          <div key={c.id ?? i} className={cx(styles.toolCall, c.resultError ? styles.error : undefined)} data-testid="tool-call">
            <Collapsible
              defaultOpen
              title={
                <>
                  <Icon name="tool" size={12} /> <span className={cx(styles.toolName, textStyles.mono)}>{c.name}</span>
                  {c.id && <span className={cx(textStyles.muted, textStyles.small, textStyles.mono)}>{c.id}</span>}
                </>
              }
              meta={
                c.resultIndex !== null ? (
                  <Button
                    variant="link"
                    danger={c.resultError}
                    className={textStyles.small}
                    onClick={(e) => {
                      e.stopPropagation();
                      onJump?.(c.resultIndex!);
                    }}
                  >
                    {c.resultError ? 'failed' : 'result'} → #{c.resultIndex + 1}
                  </Button>
                ) : (
                  <span className={cx(textStyles.muted, textStyles.small)}>no result</span>
                )
              }
            >
              <div className={styles.toolArgs} data-testid="tool-args">
                {c.argsValid ? <JsonView value={c.args} maxHeight={320} /> : <pre className={cx(textStyles.code, styles.code)}>{String(c.args)}</pre>}
              </div>
            </Collapsible>
          </div>
        ))}
        {mediaCount(row.media) > 0 && <MediaGallery media={row.media} />}
        {m.references !== undefined && m.references !== null && (
          <Collapsible title="References" meta="from knowledge">
            <JsonView value={m.references} maxHeight={260} />
          </Collapsible>
        )}
      </div>
    </article>
  );
});
