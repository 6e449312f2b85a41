import { useMemo } from 'react';
import { Link } from 'react-router';
import type { AnyRun, DbLocation, SessionDetail } from '../../api/types';
import { sessionsHref } from '../../app/location';
import { TypeBadge } from '../../components/Badge';
import { IdChip } from '../../components/Copy';
import { Icon } from '../../components/Icon';
import { MetaField } from '../../components/MetaField';
import { formatCount, formatDateTime, formatDuration, formatRelative, shortId } from '../../lib/format';
import { runTotals } from './session-stats';

export function SessionBreadcrumbs({ loc, sessionId, name }: { loc: DbLocation; sessionId: string; name?: string | null }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <Link to={sessionsHref(loc)}>Sessions</Link>
      <Icon name="chevronRight" size={11} />
      <span className="crumb-current">{name || shortId(sessionId, 12)}</span>
    </nav>
  );
}

/** Name, type and totals of a session; shown while the session is still loading too. */
export function SessionHeader({ session, sessionId, runs }: { session: SessionDetail | undefined; sessionId: string; runs: AnyRun[] | undefined }) {
  const totals = useMemo(() => runTotals(runs), [runs]);
  const comp = session ? (session.agent_id ?? session.team_id ?? session.workflow_id) : null;
  const compLabel = session?.session_type === 'team' ? 'Team' : session?.session_type === 'workflow' ? 'Workflow' : 'Agent';
  return (
    <div className="entity-head">
      <div className="entity-title-row">
        <h1 className="entity-title">{session?.session_name || (session ? 'Untitled session' : '…')}</h1>
        {session && <TypeBadge type={session.session_type} />}
      </div>
      <dl className="meta-grid">
        <MetaField label="Session">
          <IdChip id={sessionId} label="session id" />
        </MetaField>
        <MetaField label={compLabel}>
          {comp ? <IdChip id={comp} label={`${compLabel.toLowerCase()} id`} /> : <span className="muted">—</span>}
        </MetaField>
        <MetaField label="User" className="mono">
          {session?.user_id ?? <span className="muted">—</span>}
        </MetaField>
        <MetaField label="Created" title={formatDateTime(session?.created_at)}>
          {formatDateTime(session?.created_at)}
        </MetaField>
        <MetaField label="Updated" title={formatDateTime(session?.updated_at)}>
          {formatRelative(session?.updated_at)}
        </MetaField>
        <MetaField label="Runs">
          {formatCount(runs?.length ?? session?.run_count ?? null)}
          {totals.errors > 0 && <span className="badge badge-danger inline-badge">{totals.errors} failed</span>}
        </MetaField>
        <MetaField label="Tokens">{formatCount(session?.total_tokens ?? (runs ? totals.tokens : null))}</MetaField>
        <MetaField label="Run time">{runs ? formatDuration(totals.duration) : '—'}</MetaField>
      </dl>
    </div>
  );
}
