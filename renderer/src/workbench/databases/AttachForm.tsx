import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError, issuesOf } from '../../api/client';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { Callout } from '../../components/Callout';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { Toggle } from '../../components/Toggle';
import { Spinner } from '../../components/ui';
import { describeError } from '../../api/describe-error';
import type { DatabaseListItem } from '../../api-types/desk-shapes';
import { idFromPath } from './model';
import { deskMutations } from '../../api';
import { Card } from '../../components/Card';
import layoutStyles from '../../components/layout.module.css';
import fieldStyles from '../../components/Field.module.css';
import styles from './AttachForm.module.css';
import inputStyles from '../../components/Input.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input } from '../../components/Input';

/** Attach a SQLite file or a PostgreSQL database, with the server's field issues beside each field. */
export function AttachForm() {
  const qc = useQueryClient();
  const attach = useMutation(deskMutations.attachDatabase(qc));
  const bridge = getDesktopBridge();
  const [kind, setKind] = useState<'file' | 'postgres'>('file');
  const [path, setPath] = useState('');
  const [url, setUrl] = useState('');
  const [schema, setSchema] = useState('');
  const [id, setId] = useState('');
  const [table, setTable] = useState('');
  const [readOnly, setReadOnly] = useState(true);
  const formId = useId();
  const issues = attach.isError && isApiError(attach.error) ? issuesOf(attach.error.body) : [];
  const issueFor = (...names: string[]) =>
    issues.filter((i) => names.some((n) => i.path === n || i.path.endsWith(`.${n}`))).map((i) => i.message).join('; ') || undefined;
  const fieldIssues = issueFor('path', 'url', 'schema', 'id', 'session_table', 'read_only');
  const suggestedId = kind === 'file' ? idFromPath(path) : '';
  const source = kind === 'file' ? path.trim() : url.trim();

  const choose = () => {
    void bridge?.chooseFile({ title: 'Attach a SQLite database', filters: [{ name: 'SQLite databases', extensions: ['db', 'sqlite', 'sqlite3'] }, { name: 'All files', extensions: ['*'] }] }).then((p) => {
      if (p) setPath(p);
    });
  };

  return (
    <Card variant="panel"
      title="Attach a database"
      subtitle="An Agno SqliteDb file (agno_sessions), another rundesk database, or your team's Agno PostgresDb (schema ai). Read-only databases are never modified."
      testId="attach-form"
    >
      <Segmented<'file' | 'postgres'>
        name="attach-kind"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'file', label: 'SQLite file' },
          { value: 'postgres', label: 'PostgreSQL' },
        ]}
      />
      <form
        className={cx(layoutStyles.stack, layoutStyles.gap3)}
        onSubmit={(e) => {
          e.preventDefault();
          if (!source) return;
          const target = kind === 'file' ? { path: source } : { url: source, schema: schema.trim() || undefined };
          attach.mutate(
            { ...target, id: id.trim() || undefined, session_table: table.trim() || undefined, read_only: readOnly },
            {
              onSuccess: () => {
                setPath('');
                setUrl('');
                setId('');
                setTable('');
              },
            },
          );
        }}
      >
        <div className={cx(fieldStyles.fields, styles.fieldsAttach)}>
          {kind === 'postgres' ? (
            <>
              <Field name="url" label="URL" wide error={issueFor('url')} help="postgresql://user:password@host:5432/database — checked before it is saved; the password is never shown again.">
                {({ control }) => (
                  <Input mono {...control} type="password" autoComplete="off" className={cx(fieldStyles.input, textStyles.mono)} placeholder="postgresql://user:password@localhost:5432/agents" value={url} spellCheck={false} onChange={(e) => setUrl(e.target.value)} data-testid="attach-url"/>
                )}
              </Field>
              <Field name="schema" label="Schema" error={issueFor('schema')} help="Empty: ai (Agno's default).">
                {({ control }) => (
                  <Input mono {...control} className={cx(fieldStyles.input, textStyles.mono)} placeholder="ai" value={schema} onChange={(e) => setSchema(e.target.value)}/>
                )}
              </Field>
            </>
          ) : (
          <Field name="path" label="File" wide error={issueFor('path')}>
            {({ control }) => (
              <div className={inputStyles.inputGroup}>
                <Input mono {...control} className={cx(fieldStyles.input, textStyles.mono)} placeholder="/home/me/agents/agno.db" value={path} spellCheck={false} onChange={(e) => setPath(e.target.value)} data-testid="attach-path" autoFocus={!bridge}/>
                {bridge ? (
                  <Button onClick={choose} data-testid="attach-browse">
                    Browse…
                  </Button>
                ) : null}
              </div>
            )}
          </Field>
          )}
          <Field name="id" label="db_id" error={issueFor('id')} help={suggestedId ? <>Empty: <code>{suggestedId}</code></> : kind === 'file' ? 'Derived from the file name when empty.' : 'Derived from the database name when empty.'}>
            {({ control }) => (
              <Input mono {...control} className={cx(fieldStyles.input, textStyles.mono)} placeholder={suggestedId || 'my-agents'} value={id} onChange={(e) => setId(e.target.value)} data-testid="attach-id"/>
            )}
          </Field>
          <Field name="session_table" label="Session table" error={issueFor('session_table')} help="Empty: discovered (agno_sessions).">
            {({ control }) => (
              <Input mono {...control} className={cx(fieldStyles.input, textStyles.mono)} placeholder="agno_sessions" value={table} onChange={(e) => setTable(e.target.value)}/>
            )}
          </Field>
          <Field name="read_only" label="Read-only" error={issueFor('read_only')}>
            {({ id: fid, describedBy }) => <Toggle id={fid} describedBy={describedBy} checked={readOnly} onChange={setReadOnly} label={readOnly ? 'Never modified' : 'Ingest and delete allowed'} />}
          </Field>
        </div>
        <div className={layoutStyles.row}>
          <Button variant="primary" type="submit" disabled={!source || attach.isPending} data-testid="attach-submit" form={undefined} id={`${formId}-submit`}>
            {attach.isPending ? <Spinner /> : null} Attach
          </Button>
          {attach.isSuccess ? (
            <span className={cx(textStyles.ok, textStyles.small)} data-testid="attach-ok">
              Attached <code>{(attach.data as DatabaseListItem | undefined)?.id ?? ''}</code>.
            </span>
          ) : null}
        </div>
        {attach.isError && !fieldIssues ? (
          <Callout tone="danger" title="Not attached" testId="attach-error">
            {describeError(attach.error)}
          </Callout>
        ) : null}
      </form>
    </Card>
  );
}
