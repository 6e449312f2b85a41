import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deskApi, deskQueries, invalidateAuthDependents } from '../../api';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Callout } from '../../components/Callout';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { Input } from '../../components/Input';
import layoutStyles from '../../components/layout.module.css';
import { describeError } from '../../api/describe-error';

/**
 * `upstream.url`: the developer's AgentOS, where rundesk forwards runs after its own auth
 * decision. Saved on its own (only this setting of the file changes), with a Check of the URL
 * typed: its `GET /health`, or why it cannot be reached.
 */
export function UpstreamPanel({ readOnly }: { readOnly: boolean }) {
  const qc = useQueryClient();
  const envelope = useQuery(deskQueries.settings());
  const inForce = envelope.data?.settings.upstream.url ?? null;
  const [url, setUrl] = useState(inForce ?? '');
  useEffect(() => setUrl(inForce ?? ''), [inForce]);
  const check = useMutation({ mutationFn: () => deskApi.checkUpstream(url.trim() || undefined) });
  const save = useMutation({
    mutationFn: async () => {
      const e = envelope.data!;
      const file = (e.file_settings ?? e.settings) as Record<string, unknown>;
      const upstream = { ...((file['upstream'] as Record<string, unknown> | undefined) ?? {}), url: url.trim() === '' ? null : url.trim() };
      return deskApi.putSettings({ ...file, upstream } as Parameters<typeof deskApi.putSettings>[0]);
    },
    onSuccess: () => invalidateAuthDependents(qc),
  });
  const changed = (url.trim() || null) !== inForce;

  return (
    <Card
      variant="panel"
      id="wb-upstream"
      title="Upstream AgentOS"
      subtitle={
        <>
          Your own AgentOS (<code>upstream.url</code>): runs and the other platform routes rundesk does not perform are forwarded there, after
          rundesk's auth decision. Empty: they answer 501.
        </>
      }
    >
      <div className={layoutStyles.stack} data-testid="upstream-panel">
        <Field name="upstream.url" label="URL" help="e.g. http://127.0.0.1:7778" error={save.isError ? describeError(save.error) : null} errorSource="server">
          {({ control }) => <Input {...control} mono value={url} disabled={readOnly} onChange={(e) => setUrl(e.target.value)} placeholder="http://127.0.0.1:7778" data-testid="upstream-url" />}
        </Field>
        <div className={layoutStyles.row}>
          <Button size="sm" onClick={() => check.mutate()} disabled={check.isPending} data-testid="upstream-check">
            Check
          </Button>
          <Button size="sm" variant="primary" onClick={() => save.mutate()} disabled={readOnly || !changed || save.isPending} data-testid="upstream-save">
            Save
          </Button>
          {changed ? <Badge tone="info">unsaved</Badge> : inForce ? <Badge tone="ok">in force</Badge> : <Badge>not set</Badge>}
        </div>
        {check.data ? (
          <Callout tone={check.data.reachable && check.data.status === 200 ? 'ok' : 'warn'} title={check.data.reachable ? 'Reachable' : 'Not reachable'} testId="upstream-check-result">
            {check.data.detail}
          </Callout>
        ) : null}
        {check.isError ? <Callout tone="danger" title="Check failed">{describeError(check.error)}</Callout> : null}
      </div>
    </Card>
  );
}
