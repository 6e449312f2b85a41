import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AnyRun, DbLocation, SessionDetail } from '../../api-types/shapes';
import { sessionsHref } from '../../lib/location';
import { TypeBadge } from '../../components/Badge';
import { IdChip } from '../../components/Copy';
import { Icon } from '../../components/Icon';
import { MetaField } from '../../components/MetaField';
import { formatCount, formatDateTime, formatDuration, formatRelative, shortId } from '../../lib/format';
import { runTotals } from './session-stats';
import { costNote, formatCostSum, runsCost } from '../../lib/cost';
import { usePricer } from '../../lib/use-pricer';
import entityHeadStyles from '../EntityHead.module.css';
import metaFieldStyles from '../../components/MetaField.module.css';
import textStyles from '../../components/text.module.css';
import badgeStyles from '../../components/Badge.module.css';
import styles from './SessionHeader.module.css';
import { cx } from '../../lib/cx';

export function SessionBreadcrumbs({ loc, sessionId, name }: { loc: DbLocation; sessionId: string; name?: string | null }) {
  return (
    <nav className={entityHeadStyles.breadcrumbs} aria-label="Breadcrumb">
      <Link to={sessionsHref(loc)}>Sessions</Link>
      <Icon name="chevronRight" size={11} />
      <span className={entityHeadStyles.crumbCurrent}>{name || shortId(sessionId, 12)}</span>
    </nav>
  );
}

/** Name, type and totals of a session; shown while the session is still loading too. */
export function SessionHeader({
  session,
  sessionId,
  runs,
  total,
}: {
  session: SessionDetail | undefined;
  sessionId: string;
  /** The runs loaded so far (the page loads a long session by pages). */
  runs: AnyRun[] | undefined;
  /** How many runs the session has. */
  total?: number | undefined;
}) {
  const totals = useMemo(() => runTotals(runs), [runs]);
  // Every run's own model calls (members are runs of the session too), priced from the table.
  const price = usePricer();
  const cost = useMemo(() => (price && runs ? runsCost(runs, price) : null), [price, runs]);
  // Failures and run time are summed over the loaded runs; say so while some are not loaded.
  const partial = runs !== undefined && total !== undefined && runs.length < total;
  const ofLoaded = partial ? <span className={textStyles.muted}> (first {formatCount(runs.length)})</span> : null;
  const comp = session ? (session.agent_id ?? session.team_id ?? session.workflow_id) : null;
  const compLabel = session?.session_type === 'team' ? 'Team' : session?.session_type === 'workflow' ? 'Workflow' : 'Agent';
  return (
    <div className={entityHeadStyles.entityHead}>
      <div className={entityHeadStyles.entityTitleRow}>
        <h1 className={entityHeadStyles.entityTitle}>{session?.session_name || (session ? 'Untitled session' : '…')}</h1>
        {session && <TypeBadge type={session.session_type} />}
      </div>
      <dl className={metaFieldStyles.metaGrid}>
        <MetaField label="Session">
          <IdChip id={sessionId} label="session id" />
        </MetaField>
        <MetaField label={compLabel}>
          {comp ? <IdChip id={comp} label={`${compLabel.toLowerCase()} id`} /> : <span className={textStyles.muted}>—</span>}
        </MetaField>
        <MetaField label="User" className={textStyles.mono}>
          {session?.user_id ?? <span className={textStyles.muted}>—</span>}
        </MetaField>
        <MetaField label="Created" title={formatDateTime(session?.created_at)}>
          {formatDateTime(session?.created_at)}
        </MetaField>
        <MetaField label="Updated" title={formatDateTime(session?.updated_at)}>
          {formatRelative(session?.updated_at)}
        </MetaField>
        <MetaField label="Runs">
          {formatCount(total ?? runs?.length ?? session?.run_count ?? null)}
          {totals.errors > 0 && (
            <span className={cx(badgeStyles.badge, styles.inlineBadge)} data-tone="danger">
              {totals.errors} failed{partial ? ` in the first ${formatCount(runs.length)}` : ''}
            </span>
          )}
        </MetaField>
        <MetaField label="Tokens">
          {session?.total_tokens != null ? formatCount(session.total_tokens) : runs ? <>{formatCount(totals.tokens)}{ofLoaded}</> : formatCount(null)}
        </MetaField>
        <MetaField label="Cost" title={cost ? costNote(cost) : undefined}>
          <span data-testid="session-cost">{cost ? formatCostSum(cost) : '…'}</span>
          {runs && ofLoaded}
        </MetaField>
        <MetaField label="Run time" title="Wall clock: the time during which at least one run was running (overlapping runs count once)">{runs ? <>{formatDuration(totals.duration)}{ofLoaded}</> : '—'}</MetaField>
      </dl>
    </div>
  );
}
