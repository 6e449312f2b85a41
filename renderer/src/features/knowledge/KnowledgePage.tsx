import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { knowledgeQueries } from '../../api/observability/queries';
import type { KnowledgeContent } from '../../api/observability/types';
import { useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { cx } from '../../lib/cx';
import { formatCount, formatDateTime } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { RequestError } from '../errors/AuthExplain';
import { TonePill } from '../traces/TraceStatus';
import { Button } from '../../components/Button';
import denseTableStyles from '../../components/DenseTable.module.css';
import pageStyles from '../../components/Page.module.css';
import textStyles from '../../components/text.module.css';
import styles from './KnowledgePage.module.css';

const PAGE_SIZE = 50;

/** A stored size (`"4817"`, bytes) as `4.7 KB`; other text as it is. */
export function formatSize(size: string | null): string {
  if (size === null || size === '') return '—';
  const n = Number(size);
  if (!Number.isFinite(n)) return size;
  if (n < 1024) return `${formatCount(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const STATUS_TONE = { completed: 'ok', failed: 'danger', processing: 'muted' } as const;

/** What Agno's knowledge bases hold (`agno_knowledge`): each content's name, status, type, size and metadata. */
export function KnowledgePage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(knowledgeQueries.list(actor, { page, limit: PAGE_SIZE }, loc));
  useMarkLoaded(!list.isPending);

  return (
    <div className={pageStyles.page} data-testid="knowledge-page">
      <PageHeader title="Knowledge" subtitle="The contents Agno's knowledge bases hold: files, URLs and text, with their processing status and metadata." />
      {list.isError ? (
        <RequestError error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <SkeletonRows rows={6} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon="file" title="No knowledge contents in this database">
          Agno records a content in <code>agno_knowledge</code> when a <code>Knowledge</code> with <code>contents_db=db</code> adds it (
          <code>knowledge.add_content(path=…)</code>, or the AgentOS's <code>POST /knowledge/content</code>).
        </EmptyState>
      ) : (
        <>
          <div className={denseTableStyles.tableWrap}>
            <table className={cx(denseTableStyles.table, styles.table)} data-testid="knowledge-table">
              <thead>
                <tr>
                  <th>Content</th>
                  <th>Status</th>
                  <th>Type</th>
                  <th className={cx(textStyles.num, denseTableStyles.num)}>Size</th>
                  <th>Knowledge base</th>
                  <th>Metadata</th>
                  <th className={cx(textStyles.num, denseTableStyles.num)}>Reads</th>
                  <th className={cx(textStyles.num, denseTableStyles.num)}>Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((c) => (
                  <ContentRow key={c.id} c={c} />
                ))}
              </tbody>
            </table>
          </div>
          {list.data.meta.total_pages > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <span className={textStyles.muted}>
                Page {page} of {list.data.meta.total_pages} · {formatCount(list.data.meta.total_count)} contents
              </span>
              {[
                ['Previous', page - 1],
                ['Next', page + 1],
              ].map(([label, to]) => (
                <Button
                  key={label}
                  size="xs"
                  disabled={Number(to) < 1 || Number(to) > list.data.meta.total_pages}
                  onClick={() => {
                    const next = new URLSearchParams(params);
                    next.set('page', String(to));
                    setParams(next, { replace: true });
                  }}
                >
                  {label}
                </Button>
              ))}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function ContentRow({ c }: { c: KnowledgeContent }) {
  const metadata = c.metadata ? Object.entries(c.metadata) : [];
  return (
    <tr data-testid="knowledge-row" data-content-id={c.id}>
      <td className={styles.contentCell}>
        <div className={styles.name}>{c.name ?? c.id}</div>
        {c.description && <div className={cx(textStyles.muted, textStyles.small)}>{c.description}</div>}
      </td>
      <td className={styles.statusCell}>
        {c.status ? <TonePill tone={STATUS_TONE[c.status]}>{c.status}</TonePill> : <span className={textStyles.muted}>—</span>}
        {c.status_message && <div className={cx(textStyles.small, styles.statusMessage)}>{c.status_message}</div>}
      </td>
      <td className={textStyles.mono}>{c.type ?? '—'}</td>
      <td className={cx(textStyles.num, denseTableStyles.num)} title={c.size ? `${c.size} bytes` : undefined}>
        {formatSize(c.size)}
      </td>
      <td>{c.linked_to ?? <span className={textStyles.muted}>—</span>}</td>
      <td>
        {metadata.length === 0 ? (
          <span className={textStyles.muted}>—</span>
        ) : (
          <ul className={styles.metadata} aria-label="Metadata">
            {metadata.map(([k, v]) => (
              <li key={k} className={styles.tag}>
                <span className={styles.tagKey}>{k}</span> {typeof v === 'string' ? v : JSON.stringify(v)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(c.access_count)}</td>
      <td className={cx(textStyles.num, denseTableStyles.num)} title={`Created ${formatDateTime(c.created_at)}`}>
        {formatDateTime(c.updated_at ?? c.created_at)}
      </td>
    </tr>
  );
}
