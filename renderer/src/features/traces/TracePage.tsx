import { Link, useParams, useSearchParams } from 'react-router';
import { runHref, sessionHref, useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { Icon } from '../../components/Icon';
import { MetaField } from '../../components/MetaField';
import { QueryPage } from '../../components/QueryPage';
import { RequestError } from '../errors/AuthExplain';
import type { TraceData } from '../../lib/trace/types';
import type { DbLocation } from '../../api-types/shapes';
import type { ReactNode } from 'react';
import { formatDateTime, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { useTraceInTwoSteps } from './use-trace-in-two-steps';
import { compareWithHref, sessionTypeOf, tracesHref } from './links';
import pageStyles from '../../components/Page.module.css';
import styles from './TracePage.module.css';
import { TraceStatus } from './TraceStatus';
import { TraceView } from './TraceView';
import entityHeadStyles from '../EntityHead.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { buttonClass } from '../../components/Button';

/** One trace on its own page (`/traces/:traceId`), linked to its run and session. */
export function TracePage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const { traceId = '' } = useParams();
  const q = useTraceInTwoSteps(actor, traceId, loc);
  useMarkLoaded(!q.isPending);

  const crumbs = (
    <nav className={entityHeadStyles.breadcrumbs} aria-label="Breadcrumb">
      <Link to={tracesHref(loc)}>Traces</Link>
      <Icon name="chevronRight" size={11} />
      <span className={cx(entityHeadStyles.crumbCurrent, textStyles.mono)}>{shortId(traceId, 12)}</span>
    </nav>
  );
  return <QueryPage query={q} crumbs={crumbs} errorView={RequestError}>{(data) => <TraceDetailView data={data} crumbs={crumbs} loc={loc} />}</QueryPage>;
}

function TraceDetailView({ data, crumbs, loc }: { data: TraceData; crumbs: ReactNode; loc: DbLocation }) {
  const t = data.head;
  const [params, setParams] = useSearchParams();
  const type = sessionTypeOf(t);
  const spanParam = params.get('span');
  return (
    <div className={pageStyles.page} data-testid="trace-page">
      {crumbs}
      <header className={styles.head}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t.name}</h1>
          <TraceStatus status={t.status} />
          <Link className={cx(buttonClass({ size: 'sm' }), styles.compareWith)} to={compareWithHref(t.trace_id, loc)} data-testid="compare-with">
            Compare with…
          </Link>
        </div>
        <dl className={styles.meta}>
          <MetaField label="Started">{formatDateTime(t.start_time)}</MetaField>
          {t.user_id && <MetaField label="User">{t.user_id}</MetaField>}
          {(t.agent_id ?? t.team_id ?? t.workflow_id) && <MetaField label={type ?? 'Component'}>{t.agent_id ?? t.team_id ?? t.workflow_id}</MetaField>}
          {t.session_id && (
            <MetaField label="Session">
              <Link className={textStyles.mono} to={sessionHref(t.session_id, type, loc)} data-testid="trace-session-link">
                {shortId(t.session_id, 12)}
              </Link>
            </MetaField>
          )}
          {t.session_id && t.run_id && (
            <MetaField label="Run">
              <Link className={textStyles.mono} to={runHref(t.session_id, t.run_id, type, loc)} data-testid="trace-run-link">
                {shortId(t.run_id, 12)}
              </Link>
            </MetaField>
          )}
        </dl>
        {t.error && <p className={styles.error}>{t.error}</p>}
      </header>
      <TraceView
        trace={data}
        selectedId={spanParam}
        maxHeight="calc(100vh - 360px)"
        onSelect={(id) => {
          const next = new URLSearchParams(params);
          next.set('span', id);
          setParams(next, { replace: true });
        }}
        spanActions={(node) =>
          t.session_id && t.run_id && (node.span.type === 'LLM' || node.span.type === 'TOOL') ? (
            <Link className={buttonClass({ size: 'xs' })} to={runHref(t.session_id, t.run_id, type, loc, undefined, { span: node.span.id })}>
              Open on the run page
            </Link>
          ) : null
        }
      />
    </div>
  );
}
