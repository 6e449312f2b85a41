import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api/client';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { ChipsInput } from '../../components/ChipsInput';
import { useDebounced } from '../../lib/hooks';
import { describeError } from '../errors';
import type { FieldIssue, SettingsEnvelope } from '../types';
import { issuesOf } from '../../api/client';
import { deskMutations, deskQueries } from '../../api';
import { Card } from '../../components/Card';
import layoutStyles from '../../components/layout.module.css';
import buttonStyles from '../../components/Button.module.css';
import { cx } from '../../lib/cx';

/** The server's default list, read off its settings JSON Schema ("Reset" restores it). */
function defaultOrigins(jsonSchema: unknown): string[] | null {
  const prop = (jsonSchema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties?.['cors_allowed_origins'];
  return Array.isArray(prop?.default) && prop.default.every((o) => typeof o === 'string') ? (prop.default as string[]) : null;
}

/**
 * `cors_allowed_origins`: which web pages may call the platform API from the browser. Saved on
 * its own (a PUT of the settings file with this one key changed) and checked as typed by the
 * server's dry run, so the messages are the server's.
 */
export function CorsPanel({ envelope }: { envelope: SettingsEnvelope }) {
  const qc = useQueryClient();
  const save = useMutation(deskMutations.saveSettings(qc));
  const schema = useQuery(deskQueries.settingsSchema());
  const defaults = defaultOrigins(schema.data?.json_schema);
  const saved = envelope.settings.cors_allowed_origins;
  const [draft, setDraft] = useState<string[] | null>(null);
  const value = draft ?? saved;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const body = useMemo(
    () => (dirty ? { ...((envelope.file_settings ?? envelope.settings) as Record<string, unknown>), cors_allowed_origins: value } : null),
    [dirty, envelope.file_settings, envelope.settings, value],
  );
  const checked = useDebounced(body ? JSON.stringify(body) : null, 400);
  const dryRun = useQuery(deskQueries.validateSettings(envelope.writable ? checked : null));
  const [saveIssues, setSaveIssues] = useState<FieldIssue[]>([]);
  const issues = (dirty && dryRun.data && !dryRun.data.valid ? dryRun.data.issues : saveIssues).filter((i) =>
    i.path.startsWith('cors_allowed_origins'),
  );

  const doSave = () => {
    if (!body) return;
    save.mutateAsync(body).then(
      () => {
        setDraft(null);
        setSaveIssues([]);
      },
      (err: unknown) => setSaveIssues(isApiError(err) ? issuesOf(err.body) : []),
    );
  };

  return (
    <Card variant="panel"
      id="wb-cors"
      title="Browser access (CORS)"
      subtitle={
        <>
          Web pages on these origins may call the platform API with credentials, as with AgentOS's <code>cors_allowed_origins</code>. The list
          replaces the defaults; <code>*</code> is refused. <code>/desk</code> and <code>/ui</code> never answer other origins.
        </>
      }
    >
      <div className={layoutStyles.stack} data-testid="cors-panel">
        <ChipsInput
          value={value}
          onChange={(v) => {
            setDraft(v);
            setSaveIssues([]);
          }}
          placeholder="http://localhost:3000"
          ariaLabel="Allowed origins"
          invalid={issues.length > 0}
          mono
          disabled={!envelope.writable}
          testId="cors-origins"
        />
        {issues.length > 0 ? (
          <Callout tone="danger" title="The server would refuse this list" testId="cors-issues">
            <ul>
              {issues.map((i, n) => (
                <li key={n}>{i.message}</li>
              ))}
            </ul>
          </Callout>
        ) : null}
        {save.isError && saveIssues.length === 0 ? <Callout tone="danger">{describeError(save.error)}</Callout> : null}
        <div className={layoutStyles.row}>
          {value.length === 0 ? <Badge tone="warn">no origin may call the API from a browser</Badge> : <Badge>{value.length} origins</Badge>}
          <span className={layoutStyles.spacer} />
          <button
            type="button"
            className={cx(buttonStyles.btn, buttonStyles.btnSm)}
            onClick={() => defaults && setDraft([...defaults])}
            disabled={!envelope.writable || !defaults}
            title={defaults ? defaults.join(', ') : undefined}
          >
            Reset to defaults
          </button>
          <button
            type="button"
            className={cx(buttonStyles.btn, buttonStyles.btnSm, buttonStyles.btnPrimary)}
            onClick={doSave}
            disabled={!dirty || !envelope.writable || save.isPending || issues.length > 0}
            data-testid="cors-save"
          >
            Save origins
          </button>
        </div>
      </div>
    </Card>
  );
}
