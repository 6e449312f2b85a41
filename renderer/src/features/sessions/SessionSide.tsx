import type { SessionDetail } from '../../api-types/shapes';
import { Collapsible } from '../../components/Collapsible';
import { JsonView } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { isEmptyValue } from '../../lib/empty';
import { plural } from '../../lib/format';
import { Card } from '../../components/Card';
import metaFieldStyles from '../../components/MetaField.module.css';
import textStyles from '../../components/text.module.css';

/** Side cards: summary, the agent/team/workflow record, session state, metadata and raw session data. */
export function SessionSide({ session }: { session: SessionDetail }) {
  const summary = session.summary && typeof session.summary.summary === 'string' ? session.summary.summary : null;
  const state = session.session_data && typeof session.session_data === 'object' ? session.session_data.session_state : undefined;
  const compData = session.agent_data ?? session.team_data ?? session.workflow_data;
  const model = compData && typeof compData.model === 'object' && compData.model ? (compData.model as Record<string, unknown>) : null;
  return (
    <>
      {summary && (
        <Card title="Summary">
          <Markdown text={summary} />
        </Card>
      )}
      {compData && (
        <Card title={session.session_type === 'team' ? 'Team' : session.session_type === 'workflow' ? 'Workflow' : 'Agent'}>
          <dl className={metaFieldStyles.kv}>
            {typeof compData.name === 'string' && (
              <>
                <dt>Name</dt>
                <dd>{compData.name}</dd>
              </>
            )}
            {model && (
              <>
                <dt>Model</dt>
                <dd className={textStyles.mono}>
                  {String(model.id ?? model.name ?? '—')}
                  {model.provider ? <span className={textStyles.muted}> · {String(model.provider)}</span> : null}
                </dd>
              </>
            )}
          </dl>
          <Collapsible title="Raw">
            <JsonView value={compData} maxHeight={300} />
          </Collapsible>
        </Card>
      )}
      {!isEmptyValue(state) && (
        <Card title="Session state">
          <JsonView value={state} maxHeight={300} />
        </Card>
      )}
      {!isEmptyValue(session.metadata) && (
        <Card title="Metadata">
          <JsonView value={session.metadata} maxHeight={240} />
        </Card>
      )}
      {!isEmptyValue(session.session_data) && session.session_data && (
        <Card title="Session data">
          <Collapsible title="session_data" meta={plural(Object.keys(session.session_data).length, 'key')}>
            <JsonView value={session.session_data} maxHeight={320} />
          </Collapsible>
        </Card>
      )}
    </>
  );
}
