import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { markAppLoaded } from '../../platform/browser';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { Badge } from '../../components/Badge';
import { DenseTable } from '../../components/DenseTable';
import { Callout } from '../../components/Callout';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, Spinner } from '../../components/ui';
import { describeError } from '../../api/describe-error';
import { AttachForm } from './AttachForm';
import { DbRow } from './DbRow';
import { CacheMemory } from './CacheMemory';
import { deskMutations, deskQueries } from '../../api';
import { Card } from '../../components/Card';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import uiStyles from '../../components/ui.module.css';
import styles from './DatabasesPage.module.css';
import { cx } from '../../lib/cx';

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
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-controls="fill" data-testid="databases-page">
      <PageHeader
        title="Databases"
        subtitle="SQLite files and PostgreSQL databases the run endpoint reads. Select one with ?db_id= on any platform route, or in the run browser."
      />
      <AttachForm />
      <Card variant="panel"
        title={
          <>
            Attached <Badge>{dbs.length}</Badge>
          </>
        }
        spacing="flush"
        testId="databases-list"
        actions={list.isFetching ? <Spinner label="Refreshing" /> : null}
      >
        {list.isError ? (
          <div className={textStyles.pad}>
            <Callout tone="danger" title="Databases could not be listed">{describeError(list.error)}</Callout>
          </div>
        ) : list.isPending ? (
          <div className={cx(uiStyles.emptyState, uiStyles.emptyStateInline)}>
            <Spinner />
          </div>
        ) : dbs.length === 0 ? (
          <EmptyState>No databases.</EmptyState>
        ) : (
          <DenseTable wrap="flush" label="Attached databases" testId="databases-table" columns={['db_id', 'File', 'Session tables', { label: 'Sessions', num: true }, { label: 'Runs', num: true }, 'Mode', { actions: true }]}>
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
          </DenseTable>
        )}
        {dbs.some((d) => !d.is_default) ? (
          <p className={cx(textStyles.pad, textStyles.small, textStyles.muted, textStyles.m0, styles.tip)}>
            From scripts and agents: <code>GET /sessions?db_id={dbs.find((d) => !d.is_default)?.id}</code> (add <code>&amp;table=…</code> for another session table). Without{' '}
            <code>db_id</code>, the database marked “answers without db_id” replies: the one you pin, else the built-in database when it holds sessions, else the first
            attached one that does. Attachments are saved in the settings' <code>databases</code>.
          </p>
        ) : null}
        <CacheMemory />
        {detach.isError ? (
          <div className={textStyles.pad}>
            <Callout tone="danger" title="Not detached" testId="detach-error">
              {describeError(detach.error)}
            </Callout>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
