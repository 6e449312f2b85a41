import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { markAppLoaded } from '../../platform/browser';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { Field } from '../../components/Field';
import { PageHeader, Panel } from '../../components/Panel';
import { Segmented } from '../../components/Segmented';
import { Toggle } from '../../components/Toggle';
import { EmptyState, Spinner } from '../../components/ui';
import { describeError } from '../errors';
import { issuesOf } from '../../api/client';
import type { DatabaseListItem } from '../types';
import { idFromPath } from './model';
import { deskMutations, deskQueries } from '../../api';

/** Attach SQLite files (Agno `SqliteDb` or rundesk's own), list them with counts, detach. */
export function DatabasesPage() {
  const qc = useQueryClient();
  const list = useQuery(deskQueries.databases());
  const detach = useMutation(deskMutations.detachDatabase(qc));
  const answer = useMutation(deskMutations.answerWithoutDbId(qc));
  const settings = useQuery(deskQueries.settings());
  const pinned = settings.data?.settings.default_database ?? null;
  const [confirm, setConfirm] = useState<string | null>(null);
  const bridge = getDesktopBridge();
  useEffect(() => {
    if (list.data || list.isError) markAppLoaded();
  }, [list.data, list.isError]);
  // The desktop app's File menu can attach databases too.
  useEffect(() => bridge?.onDatabasesChanged(() => void qc.invalidateQueries({ queryKey: deskQueries.databases().queryKey })), [bridge, qc]);

  const dbs = list.data ?? [];
  return (
    <div className="wb-page" data-testid="databases-page">
      <PageHeader
        title="Databases"
        subtitle="SQLite files and PostgreSQL databases the run endpoint reads. Select one with ?db_id= on any platform route, or in the run browser."
      />
      <AttachForm />
      <Panel
        title={
          <>
            Attached <Badge>{dbs.length}</Badge>
          </>
        }
        className="wb-panel-flush"
        testId="databases-list"
        actions={list.isFetching ? <Spinner label="Refreshing" /> : null}
      >
        {list.isError ? (
          <div className="wb-pad">
            <Callout tone="danger" title="Databases could not be listed">{describeError(list.error)}</Callout>
          </div>
        ) : list.isPending ? (
          <div className="wb-empty">
            <Spinner />
          </div>
        ) : dbs.length === 0 ? (
          <EmptyState>No databases.</EmptyState>
        ) : (
          <div className="wb-table-wrap">
            <table className="wb-table" data-testid="databases-table">
              <thead>
                <tr>
                  <th>db_id</th>
                  <th>File</th>
                  <th>Session tables</th>
                  <th className="wb-num">Sessions</th>
                  <th className="wb-num">Runs</th>
                  <th>Mode</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {dbs.map((db) => (
                  <DbRow
                    key={db.id}
                    db={db}
                    confirming={confirm === db.id}
                    onConfirm={() => setConfirm(db.id)}
                    onCancel={() => setConfirm(null)}
                    detaching={detach.isPending && detach.variables === db.id}
                    onDetach={() => detach.mutate(db.id, { onSettled: () => setConfirm(null) })}
                    pinned={pinned === db.id}
                    canPin={settings.data?.writable === true && !answer.isPending}
                    onPin={() => answer.mutate(pinned === db.id ? null : db.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {dbs.some((d) => !d.is_default) ? (
          <p className="wb-pad wb-small wb-muted wb-m0 wb-tip">
            From scripts and agents: <code>GET /sessions?db_id={dbs.find((d) => !d.is_default)?.id}</code> (add <code>&amp;table=…</code> for another session table). Without{' '}
            <code>db_id</code>, the database marked “answers without db_id” replies: the one you pin, else the built-in database when it holds sessions, else the first
            attached one that does. Attachments are saved in the settings' <code>databases</code>.
          </p>
        ) : null}
        {detach.isError ? (
          <div className="wb-pad">
            <Callout tone="danger" title="Not detached" testId="detach-error">
              {describeError(detach.error)}
            </Callout>
          </div>
        ) : null}
      </Panel>
    </div>
  );
}

function DbRow(props: {
  db: DatabaseListItem;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  detaching: boolean;
  onDetach: () => void;
  /** `default_database` names this database. */
  pinned: boolean;
  canPin: boolean;
  onPin: () => void;
}) {
  const { db } = props;
  const builtin = db.is_default;
  const tables = db.tables;
  const q = (table?: string) => {
    const p = new URLSearchParams();
    if (!builtin) p.set('db', db.id);
    if (table && !builtin) p.set('table', table);
    const s = p.toString();
    return `/sessions${s ? `?${s}` : ''}`;
  };
  return (
    <tr data-testid={`db-row-${db.id}`}>
      <td className="wb-cell-tight">
        <code className="wb-strong">{db.id}</code> {builtin ? <Badge tone="muted">built-in</Badge> : null}{' '}
        {db.answers_without_db_id ? (
          <Badge tone="accent" title="Platform requests without db_id read this database (AgentOS clients, scripts)" testId={`answers-${db.id}`}>
            {props.pinned ? 'answers without db_id (pinned)' : 'answers without db_id'}
          </Badge>
        ) : null}
      </td>
      <td>
        <code className="wb-path" title={db.path}>
          {db.path}
        </code>
        {db.error ? (
          <div className="wb-small" data-testid={`db-error-${db.id}`}>
            <Badge tone="danger">{db.error.error_code === 'DATABASE_BUSY' ? 'locked' : 'unavailable'}</Badge> {db.error.detail}
          </div>
        ) : null}
      </td>
      <td>
        {tables.length === 0 ? (
          <span className="wb-subtle">none found</span>
        ) : (
          tables.map((t) => (
            <Link key={t} to={q(t)} className="wb-scope wb-table-link" title={`Browse ${t}`}>
              {t}
              {t === db.default_table && tables.length > 1 ? ' ★' : ''}
            </Link>
          ))
        )}
      </td>
      <td className="wb-num" data-testid="db-sessions">{db.sessions}</td>
      <td className="wb-num" data-testid="db-runs">{db.runs}</td>
      <td className="wb-cell-tight">{db.read_only ? <Badge tone="info">read-only</Badge> : <Badge tone="warn">read-write</Badge>}</td>
      <td className="wb-cell-tight">
        <div className="wb-row wb-nowrap">
          <Link className="wb-btn wb-btn-sm" to={q()} data-testid={`browse-${db.id}`}>
            Browse runs →
          </Link>
          <button
            type="button"
            className="wb-btn wb-btn-sm wb-btn-ghost"
            onClick={props.onPin}
            disabled={!props.canPin}
            title={props.pinned ? 'Let rundesk choose again (default_database: null)' : 'Set default_database: requests without db_id read and write this database'}
            data-testid={`pin-${db.id}`}
          >
            {props.pinned ? 'Unpin' : 'Answer without db_id'}
          </button>
          {builtin ? null : props.confirming ? (
            <>
              <button type="button" className="wb-btn wb-btn-sm wb-btn-danger" onClick={props.onDetach} disabled={props.detaching} data-testid={`confirm-detach-${db.id}`}>
                {props.detaching ? <Spinner /> : null} Detach
              </button>
              <button type="button" className="wb-btn wb-btn-sm wb-btn-ghost" onClick={props.onCancel}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="wb-btn wb-btn-sm wb-btn-ghost" onClick={props.onConfirm} aria-label={`Detach ${db.id}`} data-testid={`detach-${db.id}`}>
              Detach…
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function AttachForm() {
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
    <Panel
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
        className="wb-stack wb-gap-3"
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
        <div className="wb-fields wb-fields-attach">
          {kind === 'postgres' ? (
            <>
              <Field name="url" label="URL" wide error={issueFor('url')} help="postgresql://user:password@host:5432/database — checked before it is saved; the password is never shown again.">
                {({ id: fid, describedBy, invalid }) => (
                  <input
                    id={fid}
                    type="password"
                    autoComplete="off"
                    className="wb-input wb-mono"
                    placeholder="postgresql://user:password@localhost:5432/agents"
                    value={url}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    spellCheck={false}
                    onChange={(e) => setUrl(e.target.value)}
                    data-testid="attach-url"
                  />
                )}
              </Field>
              <Field name="schema" label="Schema" error={issueFor('schema')} help="Empty: ai (Agno's default).">
                {({ id: fid, describedBy, invalid }) => (
                  <input id={fid} className="wb-input wb-mono" placeholder="ai" value={schema} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => setSchema(e.target.value)} />
                )}
              </Field>
            </>
          ) : (
          <Field name="path" label="File" wide error={issueFor('path')}>
            {({ id: fid, describedBy, invalid }) => (
              <div className="wb-input-group">
                <input
                  id={fid}
                  className="wb-input wb-mono"
                  placeholder="/home/me/agents/agno.db"
                  value={path}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  spellCheck={false}
                  onChange={(e) => setPath(e.target.value)}
                  data-testid="attach-path"
                  autoFocus={!bridge}
                />
                {bridge ? (
                  <button type="button" className="wb-btn" onClick={choose} data-testid="attach-browse">
                    Browse…
                  </button>
                ) : null}
              </div>
            )}
          </Field>
          )}
          <Field name="id" label="db_id" error={issueFor('id')} help={suggestedId ? <>Empty: <code>{suggestedId}</code></> : kind === 'file' ? 'Derived from the file name when empty.' : 'Derived from the database name when empty.'}>
            {({ id: fid, describedBy, invalid }) => (
              <input id={fid} className="wb-input wb-mono" placeholder={suggestedId || 'my-agents'} value={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => setId(e.target.value)} data-testid="attach-id" />
            )}
          </Field>
          <Field name="session_table" label="Session table" error={issueFor('session_table')} help="Empty: discovered (agno_sessions).">
            {({ id: fid, describedBy, invalid }) => (
              <input id={fid} className="wb-input wb-mono" placeholder="agno_sessions" value={table} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => setTable(e.target.value)} />
            )}
          </Field>
          <Field name="read_only" label="Read-only" error={issueFor('read_only')}>
            {({ id: fid, describedBy }) => <Toggle id={fid} describedBy={describedBy} checked={readOnly} onChange={setReadOnly} label={readOnly ? 'Never modified' : 'Ingest and delete allowed'} />}
          </Field>
        </div>
        <div className="wb-row">
          <button type="submit" className="wb-btn wb-btn-primary" disabled={!source || attach.isPending} data-testid="attach-submit" form={undefined} id={`${formId}-submit`}>
            {attach.isPending ? <Spinner /> : null} Attach
          </button>
          {attach.isSuccess ? (
            <span className="wb-ok wb-small" data-testid="attach-ok">
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
    </Panel>
  );
}
