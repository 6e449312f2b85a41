import { Link } from 'react-router';
import type { AgnoMessage, AnyRun, JsonObject, ReasoningStep } from '../../api-types/shapes';
import type { ListedToolCall } from '../../lib/conversation-tools';
import { Badge } from '../../components/Badge';
import { Collapsible } from '../../components/Collapsible';
import { IdChip } from '../../components/Copy';
import { Icon } from '../../components/Icon';
import { JsonView, MaybeJson } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { EmptyState } from '../../components/ui';
import { formatCount, formatDuration, preview } from '../../lib/format';
import styles from './Sections.module.css';
import messageViewStyles from './MessageView.module.css';
import textStyles from '../../components/text.module.css';
import metaFieldStyles from '../../components/MetaField.module.css';
import miniConversationStyles from './mini-conversation.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

/** The run's tool calls (from its conversation and its stored `tools`), each expandable to arguments and result. */
export function ToolsList({
  tools,
  childHref,
  showMessage,
}: {
  tools: ListedToolCall[];
  childHref: (runId: string) => string | null;
  /** Opens the conversation at a message. */
  showMessage?: (index: number) => void;
}) {
  const list = tools;
  if (list.length === 0) return <EmptyState icon="tool" title="No tool calls in this run" />;
  return (
    <div className={styles.toolsList} data-testid="tools">
      {list.map((t, i) => {
        const name = t.tool_name ?? 'tool';
        const result = t.result === undefined || t.result === null ? '' : typeof t.result === 'string' ? t.result : JSON.stringify(t.result);
        const href = t.child_run_id ? childHref(t.child_run_id) : null;
        return (
          <Collapsible
            key={`${t.tool_call_id ?? ""}:${i}`}
            className={cx(styles.toolExec, t.tool_call_error ? cx(styles.error, messageViewStyles.error) : undefined)}
            title={
              <>
                <Icon name="tool" size={12} /> <span className={cx(textStyles.mono, messageViewStyles.toolName)}>{name}</span>
                <span className={cx(textStyles.muted, textStyles.small, textStyles.mono, textStyles.ellipsis)}>{preview(t.tool_args ?? {}, 80)}</span>
              </>
            }
            meta={
              <>
                {t.tool_call_error ? <Badge tone="danger">error</Badge> : null}
                {t.requires_confirmation ? <Badge tone="warn">{t.confirmed ? 'confirmed' : 'needs confirmation'}</Badge> : null}
                {typeof t.metrics?.duration === 'number' && <span className={cx(textStyles.muted, textStyles.small)}>{formatDuration(t.metrics.duration)}</span>}
              </>
            }
          >
            <div className={styles.toolExecBody}>
              <div className={textStyles.fieldLabel}>Arguments</div>
              <JsonView value={t.tool_args ?? {}} maxHeight={280} />
              <div className={textStyles.fieldLabel}>Result</div>
              {result ? <MaybeJson text={result} maxHeight={360} /> : <div className={cx(textStyles.muted, textStyles.small)}>No result</div>}
              <dl className={cx(metaFieldStyles.kv, textStyles.small)}>
                <dt>tool_call_id</dt>
                <dd>
                  <IdChip id={t.tool_call_id ?? null} />
                </dd>
                {t.message_index !== null && showMessage && (
                  <>
                    <dt>message</dt>
                    <dd>
                      <Button variant="link" onClick={() => showMessage(t.message_index as number)} data-testid="tool-show-message">
                        Show message {t.message_index + 1} in the conversation
                      </Button>
                    </dd>
                  </>
                )}
                {t.child_run_id && (
                  <>
                    <dt>child run</dt>
                    <dd>
                      {href ? (
                        <Link to={href} className={textStyles.mono}>
                          {t.child_run_id}
                        </Link>
                      ) : (
                        <IdChip id={t.child_run_id} />
                      )}
                    </dd>
                  </>
                )}
              </dl>
            </div>
          </Collapsible>
        );
      })}
    </div>
  );
}

/** Reasoning steps, reasoning content and the reasoning model's messages. */
export function ReasoningView({ run }: { run: AnyRun }) {
  const steps = Array.isArray(run.reasoning_steps) ? (run.reasoning_steps as ReasoningStep[]) : [];
  const messages = Array.isArray(run.reasoning_messages) ? (run.reasoning_messages as AgnoMessage[]) : [];
  const content = typeof run.reasoning_content === 'string' ? run.reasoning_content : '';
  if (steps.length === 0 && !content && messages.length === 0) return <EmptyState icon="brain" title="No reasoning recorded" />;
  return (
    <div data-testid="reasoning">
      {steps.length > 0 && (
        <ol className={styles.reasoningSteps}>
          {steps.map((s, i) => (
            <li key={i} className={styles.reasoningStep}>
              <div className={styles.reasoningStepHead}>
                <span className={styles.stepNum}>{i + 1}</span>
                <strong>{s.title ?? `Step ${i + 1}`}</strong>
                {s.next_action && <Badge tone={s.next_action === 'final_answer' ? 'ok' : 'muted'}>{s.next_action}</Badge>}
                {typeof s.confidence === 'number' && (
                  <span className={styles.confidence} title={`confidence ${s.confidence}`}>
                    <span style={{ width: `${Math.round(Math.max(0, Math.min(1, s.confidence)) * 100)}%` }} />
                  </span>
                )}
              </div>
              {s.reasoning && <Markdown text={s.reasoning} />}
              {(s.action || s.result) && (
                <dl className={cx(metaFieldStyles.kv, textStyles.small)}>
                  {s.action && (
                    <>
                      <dt>Action</dt>
                      <dd>{s.action}</dd>
                    </>
                  )}
                  {s.result && (
                    <>
                      <dt>Result</dt>
                      <dd>{s.result}</dd>
                    </>
                  )}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
      {content && (
        <Collapsible title="Reasoning content" defaultOpen={steps.length === 0} meta={`${formatCount(content.length)} chars`}>
          <Markdown text={content} />
        </Collapsible>
      )}
      {messages.length > 0 && (
        <Collapsible title="Reasoning messages" meta={formatCount(messages.length)}>
          <div className={miniConversationStyles.miniConv}>
            {messages.map((m, i) => (
              <div key={i} className={miniConversationStyles.miniMsg} data-role={String(m.role ?? 'other')}>
                <span className={cx(messageViewStyles.msgRole, miniConversationStyles.msgRole)}>{String(m.role ?? '?')}</span>
                <span>{preview(m.content, 400)}</span>
              </div>
            ))}
          </div>
        </Collapsible>
      )}
    </div>
  );
}

/** `references` (knowledge lookups) and `citations` (grounded search). */
export function ReferencesView({ run }: { run: AnyRun }) {
  const refs = Array.isArray(run.references) ? run.references : [];
  const cit = run.citations && typeof run.citations === 'object' ? run.citations : null;
  const urls = cit && Array.isArray(cit.urls) ? (cit.urls as JsonObject[]) : [];
  const queries = cit && Array.isArray(cit.search_queries) ? (cit.search_queries as unknown[]) : [];
  const docs = cit && Array.isArray(cit.documents) ? (cit.documents as JsonObject[]) : [];
  if (refs.length === 0 && !cit) return <EmptyState icon="link" title="No references or citations" />;
  return (
    <div data-testid="references">
      {refs.map((r, i) => {
        const items = Array.isArray(r.references) ? r.references : [];
        return (
          <div key={i} className={styles.refGroup}>
            <div className={styles.refQuery}>
              <Icon name="search" size={12} /> {typeof r.query === 'string' ? r.query : 'Reference lookup'}
              {typeof r.time === 'number' && <span className={cx(textStyles.muted, textStyles.small)}> · {formatDuration(r.time)}</span>}
            </div>
            {items.length === 0 ? (
              <div className={cx(textStyles.muted, textStyles.small)}>No documents returned.</div>
            ) : (
              <ol className={styles.refItems}>
                {items.map((it, j) => (
                  <li key={j}>
                    {typeof it === 'string' ? <span>{preview(it, 600)}</span> : <JsonView value={it} maxHeight={220} copy={false} />}
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
      {cit && (
        <div>
          <div className={textStyles.fieldLabel}>Citations</div>
          {queries.length > 0 && (
            <div className={styles.citeQueries}>
              {queries.map((q, i) => (
                <Badge key={i} tone="info">
                  {String(q)}
                </Badge>
              ))}
            </div>
          )}
          {urls.length > 0 && (
            <ol className={styles.citeUrls}>
              {urls.map((u, i) => (
                <li key={i}>
                  <a href={String(u.url ?? '#')} target="_blank" rel="noreferrer noopener">
                    {String(u.title ?? u.url ?? 'link')}
                  </a>
                  <span className={cx(textStyles.muted, textStyles.small, textStyles.mono)}> {String(u.url ?? '')}</span>
                </li>
              ))}
            </ol>
          )}
          {docs.map((d, i) => (
            <blockquote key={i} className={styles.citeDoc}>
              <div>{String(d.cited_text ?? '')}</div>
              <div className={cx(textStyles.muted, textStyles.small)}>{String(d.document_title ?? d.file_name ?? '')}</div>
            </blockquote>
          ))}
          {urls.length === 0 && docs.length === 0 && queries.length === 0 && <JsonView value={cit} maxHeight={260} />}
        </div>
      )}
    </div>
  );
}
