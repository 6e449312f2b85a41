import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { componentQueries } from '../../api';
import { startRun, type RunKind } from '../../api/runs-through';
import { useActingAs } from '../../auth/acting-as';
import { Button } from '../../components/Button';
import { Callout } from '../../components/Callout';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { Input, Select, Textarea } from '../../components/Input';
import { PageHeader } from '../../components/PageHeader';
import pageStyles from '../../components/Page.module.css';
import layoutStyles from '../../components/layout.module.css';
import { RequestError } from '../errors/AuthExplain';
import { useMarkLoaded } from '../../lib/hooks';
import { cx } from '../../lib/cx';

const KINDS: RunKind[] = ['agent', 'team', 'workflow'];
const FAMILY = { agent: 'agents', team: 'teams', workflow: 'workflows' } as const;

/**
 * The message box: a run of an agent, team or workflow sent through rundesk with the token being
 * acted as — the same path, scope rule and upstream a client's request takes — then watched live.
 * `?kind=&id=&session=` prefill it ("Continue this session" on a run).
 */
export function RunComposerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { actor, current } = useActingAs();
  const [kind, setKind] = useState<RunKind>(KINDS.includes(params.get('kind') as RunKind) ? (params.get('kind') as RunKind) : 'agent');
  const [componentId, setComponentId] = useState(params.get('id') ?? '');
  const [sessionId, setSessionId] = useState(params.get('session') ?? '');
  const [message, setMessage] = useState('');
  const listed = useQuery(componentQueries.list(actor, FAMILY[kind], {}));
  useMarkLoaded(!listed.isPending);
  const live = (listed.data ?? []).filter((c) => (c as { live?: boolean }).live === true);
  const send = useMutation({
    mutationFn: () => startRun(kind, componentId, { message, sessionId: sessionId || undefined }, current?.token ?? null),
    onSuccess: (run) => void navigate(`/live/${run.requestId}`),
  });
  const ready = componentId !== '' && message.trim() !== '';

  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-testid="run-composer">
      <PageHeader
        title="Run"
        subtitle={
          <>
            Sends a run to your AgentOS through rundesk as <strong>{actor.label}</strong>: rundesk's auth decision first, then the upstream
            (<code>upstream.url</code>). Watch it live on the next page.
          </>
        }
      />
      <Card variant="panel" title="Message">
        <form
          className={layoutStyles.stack}
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) send.mutate();
          }}
        >
          <div className={layoutStyles.row}>
            <Field label="Kind">
              {({ control }) => (
                <Select {...control} value={kind} onChange={(e) => setKind(e.target.value as RunKind)} data-testid="run-kind">
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Id" help={
                live.length > 0
                  ? `Live on the upstream: ${live.map((c) => c.id).join(', ')}`
                  : current
                    ? 'The id your AgentOS knows it by'
                    : 'The id your AgentOS knows it by. Not acting as a token, rundesk asks your AgentOS for its agents without one; if it requires a token, act as one it trusts to see them here.'
              }>
              {({ control }) => (
                <Input {...control} mono list="run-components" value={componentId} onChange={(e) => setComponentId(e.target.value)} data-testid="run-component" />
              )}
            </Field>
            <datalist id="run-components">
              {live.map((c) => (
                <option key={c.id} value={c.id} />
              ))}
            </datalist>
            <Field label="Session" help="Empty: a new session">
              {({ control }) => <Input {...control} mono value={sessionId} onChange={(e) => setSessionId(e.target.value)} data-testid="run-session" />}
            </Field>
          </div>
          <Field label="Message" wide>
            {({ control }) => <Textarea {...control} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} data-testid="run-message" />}
          </Field>
          <div className={layoutStyles.row}>
            <Button type="submit" variant="primary" disabled={!ready || send.isPending} data-testid="run-send">
              Send
            </Button>
            {actor.via === 'desk' ? <span>No token is being acted as: pick one in the header, or the request goes without one.</span> : null}
          </div>
          {send.isError ? <RequestError error={send.error} /> : null}
          {listed.isError ? <Callout tone="warn" title="Could not list the components">{String(listed.error)}</Callout> : null}
        </form>
      </Card>
    </div>
  );
}
