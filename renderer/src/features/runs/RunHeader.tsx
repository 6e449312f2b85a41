import { Link } from 'react-router';
import type { AnyRun, DbLocation, SessionType } from '../../api-types/shapes';
import { runHref, sessionHref, sessionsHref } from '../../lib/location';
import { StatusBadge } from '../../components/Badge';
import { IdChip } from '../../components/Copy';
import { Icon } from '../../components/Icon';
import { MetaField } from '../../components/MetaField';
import { formatCompact, formatCount, formatDateTime, formatDuration, formatRelative, shortId } from '../../lib/format';
import { componentIdOf, durationOf, modelOf, runKind, tokensOf } from '../../lib/runs';
import entityHeadStyles from '../EntityHead.module.css';
import textStyles from '../../components/text.module.css';
import styles from './RunHeader.module.css';
import layoutStyles from '../../components/layout.module.css';
import { buttonClass } from '../../components/Button';
import { Kbd } from '../../components/ui';
import metaFieldStyles from '../../components/MetaField.module.css';
import { cx } from '../../lib/cx';

export function RunBreadcrumbs({ loc, sessionId, type, runId }: { loc: DbLocation; sessionId: string; type: SessionType | undefined; runId: string }) {
  return (
    <nav className={entityHeadStyles.breadcrumbs} aria-label="Breadcrumb">
      <Link to={sessionsHref(loc)}>Sessions</Link>
      <Icon name="chevronRight" size={11} />
      <Link to={sessionHref(sessionId, type, loc)} className={textStyles.mono}>
        {shortId(sessionId, 12)}
      </Link>
      <Icon name="chevronRight" size={11} />
      <span className={cx(entityHeadStyles.crumbCurrent, textStyles.mono)}>{shortId(runId, 12)}</span>
    </nav>
  );
}

const KIND_LABEL = { agent: 'Agent run', team: 'Team run', workflow: 'Workflow run' } as const;
export function RunHeader({
  run,
  sessionId,
  type,
  loc,
  nav,
}: {
  run: AnyRun;
  sessionId: string;
  type: SessionType | undefined;
  loc: DbLocation;
  nav: { pos: number; total: number; prevHref: string | null; nextHref: string | null };
}) {
  const kind = runKind(run);
  const comp = componentIdOf(run);
  const t = tokensOf(run.metrics);
  const model = modelOf(run);
  const user = (run as { user_id?: unknown }).user_id;
  return (
    <div className={entityHeadStyles.entityHead}>
      <div className={entityHeadStyles.entityTitleRow}>
        <StatusBadge status={run.status} />
        <h1 className={entityHeadStyles.entityTitle}>
          {KIND_LABEL[kind]}
          {comp && <span className={cx(styles.titleComp, textStyles.mono)}>{comp}</span>}
        </h1>
        <div className={layoutStyles.headerSpacer} />
        {comp && (
          <Link
            to={`/run?kind=${kind}&id=${encodeURIComponent(comp)}&session=${encodeURIComponent(sessionId)}`}
            className={buttonClass({ size: 'sm' })}
            title="Send the next message of this session through rundesk to your AgentOS"
            data-testid="continue-session"
          >
            Continue this session
          </Link>
        )}
        {nav.pos >= 0 && nav.total > 1 && (
          <div className={styles.runNav} data-testid="run-nav">
            <Link to={nav.prevHref ?? '#'} className={buttonClass({ size: 'sm', disabled: !nav.prevHref })} aria-disabled={!nav.prevHref} title="Previous run (k)">
              <Icon name="chevronLeft" size={12} /> <Kbd>k</Kbd>
            </Link>
            <span className={cx(textStyles.muted, textStyles.small)}>
              {formatCount(nav.pos + 1)} / {formatCount(nav.total)}
            </span>
            <Link to={nav.nextHref ?? '#'} className={buttonClass({ size: 'sm', disabled: !nav.nextHref })} aria-disabled={!nav.nextHref} title="Next run (j)">
              <Kbd>j</Kbd> <Icon name="chevronRight" size={12} />
            </Link>
          </div>
        )}
      </div>
      <dl className={metaFieldStyles.metaGrid}>
        <MetaField label="Run">
          <IdChip id={run.run_id} label="run id" />
        </MetaField>
        <MetaField label="Session">
          <IdChip id={sessionId} label="session id" />
        </MetaField>
        <MetaField label={kind === 'team' ? 'Team' : kind === 'workflow' ? 'Workflow' : 'Agent'}>
          {comp ? <IdChip id={comp} label={`${kind} id`} /> : <span className={textStyles.muted}>—</span>}
        </MetaField>
        {run.parent_run_id && (
          <MetaField label="Parent run">
            <Link to={runHref(sessionId, run.parent_run_id, type, loc)} className={textStyles.mono}>
              {shortId(run.parent_run_id)}
            </Link>
          </MetaField>
        )}
        <MetaField label="User" className={textStyles.mono}>
          {typeof user === 'string' && user ? user : <span className={textStyles.muted}>—</span>}
        </MetaField>
        <MetaField label="Created" title={formatRelative(run.created_at)}>
          {formatDateTime(run.created_at)}
        </MetaField>
        <MetaField label="Duration" testId="run-duration">
          {formatDuration(durationOf(run.metrics))}
        </MetaField>
        <MetaField label="Tokens" testId="run-tokens">
          {formatCount(t.total)}
          {(t.input !== null || t.output !== null) && (
            <span className={cx(textStyles.muted, textStyles.small)}>
              {' '}
              ({formatCompact(t.input)} in · {formatCompact(t.output)} out)
            </span>
          )}
        </MetaField>
        {model && (
          <MetaField label="Model" className={textStyles.mono}>
            {model}
          </MetaField>
        )}
      </dl>
    </div>
  );
}
