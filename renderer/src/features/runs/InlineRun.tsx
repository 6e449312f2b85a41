import { Link } from 'react-router';
import type { AgnoMessage, AnyRun, JsonObject } from '../../api-types/shapes';
import { StatusBadge } from '../../components/Badge';
import { Collapsible } from '../../components/Collapsible';
import { JsonView } from '../../components/JsonView';
import { MediaGallery } from '../../components/Media';
import { formatCount, preview, shortId } from '../../lib/format';
import { asMediaList, mediaCount } from '../../lib/media';
import { OutputView } from './OutputView';
import { RunStats } from './RunBits';
import styles from './InlineRun.module.css';
import textStyles from '../../components/text.module.css';
import { buttonClass } from '../../components/Button';
import miniConversationStyles from './mini-conversation.module.css';
import messageViewStyles from './MessageView.module.css';
import { cx } from '../../lib/cx';

/** A nested run shown inline (member_responses, step_executor_runs): summary + expandable body. */
export function InlineRun({ run, title, href }: { run: JsonObject; title?: string; href?: string | null }) {
  // Stored nested runs are free-form; the run views read every field tolerantly.
  const r = { ...run, run_id: typeof run.run_id === 'string' ? run.run_id : '' } as AnyRun;
  const messages = Array.isArray(r.messages) ? (r.messages as AgnoMessage[]) : [];
  const media = { images: asMediaList(r.images), audio: asMediaList(r.audio), videos: asMediaList(r.videos), files: asMediaList(r.files) };
  const comp = (r.agent_id ?? r.team_id ?? r.workflow_id ?? null) as string | null;
  const name = (typeof run.agent_name === 'string' && run.agent_name) || (typeof run.team_name === 'string' && run.team_name) || comp;
  return (
    <Collapsible
      className={styles.inlineRun}
      title={
        <>
          <StatusBadge status={typeof r.status === 'string' ? r.status : null} />
          <strong>{title ?? name ?? 'Run'}</strong>
          <span className={cx(textStyles.mono, textStyles.small, textStyles.muted)}>{shortId(typeof run.run_id === 'string' ? run.run_id : null)}</span>
        </>
      }
      meta={<RunStats run={r} />}
    >
      <div className={styles.inlineRunBody}>
        {href && (
          <Link to={href} className={buttonClass({ variant: 'link' }, textStyles.small)}>
            Open run page →
          </Link>
        )}
        <div className={textStyles.fieldLabel}>Output</div>
        <OutputView run={r} />
        {mediaCount(media) > 0 && <MediaGallery media={media} />}
        {messages.length > 0 && (
          <>
            <div className={textStyles.fieldLabel}>Messages ({formatCount(messages.length)})</div>
            <div className={miniConversationStyles.miniConv}>
              {messages.map((m, i) => (
                <div key={i} className={miniConversationStyles.miniMsg} data-role={String(m.role ?? 'other')}>
                  <span className={cx(messageViewStyles.msgRole, miniConversationStyles.msgRole)}>{String(m.role ?? '?')}</span>
                  <span>
                    {m.content !== undefined && m.content !== null
                      ? preview(m.content, 600)
                      : Array.isArray(m.tool_calls)
                        ? m.tool_calls.map((c) => `${c.function?.name ?? 'tool'}(${typeof c.function?.arguments === 'string' ? c.function.arguments : ''})`).join(', ')
                        : ''}
                  </span>
                </div>
              ))}
            </div>
          </>
        )}
        <Collapsible title="Raw JSON">
          <JsonView value={run} maxHeight={400} />
        </Collapsible>
      </div>
    </Collapsible>
  );
}
