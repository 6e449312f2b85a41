import { Link } from 'react-router';
import type { AgnoMessage, AnyRun, JsonObject, ReasoningStep, ToolExecution } from '../../api/types';
import { Badge } from '../../components/Badge';
import { Collapsible } from '../../components/Collapsible';
import { IdChip } from '../../components/Copy';
import { Icon } from '../../components/Icon';
import { JsonView, MaybeJson } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { EmptyState } from '../../components/ui';
import { formatCount, formatDuration, preview } from '../../lib/format';

/** The run's tool executions (`tools`), each expandable to arguments and result. */
export function ToolsList({ tools, childHref }: { tools: ToolExecution[] | null | undefined; childHref: (runId: string) => string | null }) {
  const list = Array.isArray(tools) ? tools : [];
  if (list.length === 0) return <EmptyState icon="tool" title="No tool executions stored" />;
  return (
    <div className="tools-list" data-testid="tools">
      {list.map((t, i) => {
        const name = t.tool_name ?? 'tool';
        const result = t.result === undefined || t.result === null ? '' : typeof t.result === 'string' ? t.result : JSON.stringify(t.result);
        const href = t.child_run_id ? childHref(t.child_run_id) : null;
        return (
          <Collapsible
            key={t.tool_call_id ?? i}
            className={`tool-exec${t.tool_call_error ? ' error' : ''}`}
            title={
              <>
                <Icon name="tool" size={12} /> <span className="mono tool-name">{name}</span>
                <span className="muted small mono ellipsis">{preview(t.tool_args ?? {}, 80)}</span>
              </>
            }
            meta={
              <>
                {t.tool_call_error ? <Badge tone="danger">error</Badge> : null}
                {t.requires_confirmation ? <Badge tone="warn">{t.confirmed ? 'confirmed' : 'needs confirmation'}</Badge> : null}
                {typeof t.metrics?.duration === 'number' && <span className="muted small">{formatDuration(t.metrics.duration)}</span>}
              </>
            }
          >
            <div className="tool-exec-body">
              <div className="field-label">Arguments</div>
              <JsonView value={t.tool_args ?? {}} maxHeight={280} />
              <div className="field-label">Result</div>
              {result ? <MaybeJson text={result} maxHeight={360} /> : <div className="muted small">No result</div>}
              <dl className="kv small">
                <dt>tool_call_id</dt>
                <dd>
                  <IdChip id={t.tool_call_id ?? null} />
                </dd>
                {t.child_run_id && (
                  <>
                    <dt>child run</dt>
                    <dd>
                      {href ? (
                        <Link to={href} className="mono">
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
    <div className="reasoning" data-testid="reasoning">
      {steps.length > 0 && (
        <ol className="reasoning-steps">
          {steps.map((s, i) => (
            <li key={i} className="reasoning-step">
              <div className="reasoning-step-head">
                <span className="step-num">{i + 1}</span>
                <strong>{s.title ?? `Step ${i + 1}`}</strong>
                {s.next_action && <Badge tone={s.next_action === 'final_answer' ? 'ok' : 'muted'}>{s.next_action}</Badge>}
                {typeof s.confidence === 'number' && (
                  <span className="confidence" title={`confidence ${s.confidence}`}>
                    <span style={{ width: `${Math.round(Math.max(0, Math.min(1, s.confidence)) * 100)}%` }} />
                  </span>
                )}
              </div>
              {s.reasoning && <Markdown text={s.reasoning} />}
              {(s.action || s.result) && (
                <dl className="kv small">
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
          <div className="mini-conv">
            {messages.map((m, i) => (
              <div key={i} className={`mini-msg role-${String(m.role ?? 'other')}`}>
                <span className="msg-role">{String(m.role ?? '?')}</span>
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
    <div className="references" data-testid="references">
      {refs.map((r, i) => {
        const items = Array.isArray(r.references) ? r.references : [];
        return (
          <div key={i} className="ref-group">
            <div className="ref-query">
              <Icon name="search" size={12} /> {typeof r.query === 'string' ? r.query : 'Reference lookup'}
              {typeof r.time === 'number' && <span className="muted small"> · {formatDuration(r.time)}</span>}
            </div>
            {items.length === 0 ? (
              <div className="muted small">No documents returned.</div>
            ) : (
              <ol className="ref-items">
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
        <div className="citations">
          <div className="field-label">Citations</div>
          {queries.length > 0 && (
            <div className="cite-queries">
              {queries.map((q, i) => (
                <Badge key={i} tone="info">
                  {String(q)}
                </Badge>
              ))}
            </div>
          )}
          {urls.length > 0 && (
            <ol className="cite-urls">
              {urls.map((u, i) => (
                <li key={i}>
                  <a href={String(u.url ?? '#')} target="_blank" rel="noreferrer noopener">
                    {String(u.title ?? u.url ?? 'link')}
                  </a>
                  <span className="muted small mono"> {String(u.url ?? '')}</span>
                </li>
              ))}
            </ol>
          )}
          {docs.map((d, i) => (
            <blockquote key={i} className="cite-doc">
              <div>{String(d.cited_text ?? '')}</div>
              <div className="muted small">{String(d.document_title ?? d.file_name ?? '')}</div>
            </blockquote>
          ))}
          {urls.length === 0 && docs.length === 0 && queries.length === 0 && <JsonView value={cit} maxHeight={260} />}
        </div>
      )}
    </div>
  );
}
