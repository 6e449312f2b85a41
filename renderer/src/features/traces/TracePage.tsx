import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { traceQueries } from '../../api/observability/queries';
import { runHref, sessionHref, useDbLocation } from '../../app/location';
import { useActingAs } from '../../auth/acting-as';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { MetaField } from '../../components/MetaField';
import { SkeletonRows } from '../../components/ui';
import { formatDateTime, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { sessionTypeOf, tracesHref } from './links';
import styles from './TracePage.module.css';
import { TraceStatus } from './TraceStatus';
import { TraceView } from './TraceView';

/** One trace on its own page (`/traces/:traceId`), linked to its run and session. */
export function TracePage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const { traceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = useQuery(traceQueries.detail(actor, traceId, loc));
  useMarkLoaded(!q.isPending);

  const crumbs = (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <Link to={tracesHref(loc)}>Traces</Link>
      <Icon name="chevronRight" size={11} />
      <span className="crumb-current mono">{shortId(traceId, 12)}</span>
    </nav>
  );
  if (q.isError)
    return (
      <div className="page">
        {crumbs}
        <ErrorPanel error={q.error} retry={() => void q.refetch()} />
      </div>
    );
  if (!q.data)
    return (
      <div className="page">
        {crumbs}
        <SkeletonRows rows={10} />
      </div>
    );

  const t = q.data;
  const type = sessionTypeOf(t);
  const spanParam = params.get('span');
  return (
    <div className="page" data-testid="trace-page">
      {crumbs}
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t.name}</h1>
          <TraceStatus status={t.status} />
        </div>
        <dl className={styles.meta}>
          <MetaField label="Started">{formatDateTime(t.start_time)}</MetaField>
          {t.user_id && <MetaField label="User">{t.user_id}</MetaField>}
          {(t.agent_id ?? t.team_id ?? t.workflow_id) && <MetaField label={type ?? 'Component'}>{t.agent_id ?? t.team_id ?? t.workflow_id}</MetaField>}
          {t.session_id && (
            <MetaField label="Session">
              <Link className="mono" to={sessionHref(t.session_id, type, loc)} data-testid="trace-session-link">
                {shortId(t.session_id, 12)}
              </Link>
            </MetaField>
          )}
          {t.session_id && t.run_id && (
            <MetaField label="Run">
              <Link className="mono" to={runHref(t.session_id, t.run_id, type, loc, 'trace')} data-testid="trace-run-link">
                {shortId(t.run_id, 12)}
              </Link>
            </MetaField>
          )}
        </dl>
        {t.error && <p className={styles.error}>{t.error}</p>}
      </header>
      <TraceView
        detail={t}
        selectedId={spanParam}
        maxHeight="calc(100vh - 360px)"
        onSelect={(id) => {
          const next = new URLSearchParams(params);
          next.set('span', id);
          setParams(next, { replace: true });
        }}
        spanActions={(node) =>
          t.session_id && t.run_id && (node.span.type === 'LLM' || node.span.type === 'TOOL') ? (
            <Link className="btn btn-xs" to={`${runHref(t.session_id, t.run_id, type, loc, 'trace')}&span=${encodeURIComponent(node.span.id)}`}>
              Open on the run page
            </Link>
          ) : null
        }
      />
    </div>
  );
}
