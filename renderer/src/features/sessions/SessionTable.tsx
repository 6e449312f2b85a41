import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { DbLocation, SessionListItem } from '../../api-types/shapes';
import { sessionHref } from '../../lib/location';
import { TypeBadge } from '../../components/Badge';
import { CopyButton } from '../../components/Copy';
import { SortHeader } from '../../components/SortHeader';
import { formatCompact, formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import denseTableStyles from '../../components/DenseTable.module.css';
import styles from './SessionTable.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';

function componentOf(s: SessionListItem): string | null {
  return s.agent_id ?? s.team_id ?? s.workflow_id ?? null;
}

/** How the table is sorted and how to change it (the server sorts: `sort_by`/`sort_order`). */
export interface TableSort {
  /** '' = the default, newest created first. */
  sort: string;
  order: 'asc' | 'desc';
  onSort: (column: string) => void;
}

/** One page of sessions; `selected` is the row j/k moved to. */
export function SessionTable({ rows, loc, selected, sort }: { rows: SessionListItem[]; loc: DbLocation; selected: number; sort: TableSort }) {
  // Sessions that appear after the first render are highlighted briefly.
  const seen = useRef<Set<string> | null>(null);
  const fresh = useMemo(() => {
    const out = new Set<string>();
    if (seen.current) for (const r of rows) if (!seen.current.has(r.session_id)) out.add(r.session_id);
    seen.current = new Set([...(seen.current ?? []), ...rows.map((r) => r.session_id)]);
    return out;
  }, [rows]);
  const now = useNow(15_000);
  const maxTokens = Math.max(1, ...rows.map((r) => r.total_tokens ?? 0));

  return (
    <div className={denseTableStyles.tableWrap}>
      <table className={cx(denseTableStyles.table, styles.sessionsTable)} data-testid="sessions-table">
        <thead>
          <tr>
            <SortHeader column="session_id" active={sort.sort} order={sort.order} onSort={sort.onSort}>
              Session
            </SortHeader>
            <SortHeader column="session_type" active={sort.sort} order={sort.order} onSort={sort.onSort}>
              Type
            </SortHeader>
            <th>Agent / team / workflow</th>
            <SortHeader column="user_id" active={sort.sort} order={sort.order} onSort={sort.onSort}>
              User
            </SortHeader>
            <th className={cx(textStyles.num, denseTableStyles.num)}>Runs</th>
            <th className={cx(textStyles.num, denseTableStyles.num)}>Tokens</th>
            <SortHeader column="updated_at" active={sort.sort} order={sort.order} onSort={sort.onSort} className={cx(textStyles.num, denseTableStyles.num)}>
              Updated
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((s, i) => {
            const href = sessionHref(s.session_id, s.session_type, loc);
            const comp = componentOf(s);
            return (
              <tr
                key={s.session_id}
                className={cx(i === selected ? denseTableStyles.selected : undefined, fresh.has(s.session_id) ? denseTableStyles.fresh : undefined)}
                data-session-id={s.session_id}
                data-testid="session-row"
              >
                <td className={styles.cellMain}>
                  <Link to={href} className={styles.rowLink}>
                    <span className={styles.rowTitle}>{s.session_name || <span className={textStyles.muted}>Untitled session</span>}</span>
                    <span className={cx(styles.rowId, textStyles.mono)}>{s.session_id}</span>
                  </Link>
                  <CopyButton text={s.session_id} label="Copy session id" className={styles.rowCopy} icon />
                </td>
                <td>
                  <TypeBadge type={s.session_type} />
                </td>
                <td className={cx(textStyles.mono, textStyles.small, textStyles.ellipsis)} title={comp ?? ''}>
                  {comp ?? <span className={textStyles.muted}>—</span>}
                </td>
                <td className={cx(textStyles.mono, textStyles.small, textStyles.ellipsis)} title={s.user_id ?? ''}>
                  {s.user_id ?? <span className={textStyles.muted}>—</span>}
                </td>
                <td className={cx(textStyles.num, denseTableStyles.num)}>{formatCount(s.run_count)}</td>
                <td className={cx(textStyles.num, denseTableStyles.num)}>
                  <span className={styles.tokenCell}>
                    {s.total_tokens !== null && (
                      <span className={styles.barMini} aria-hidden>
                        <span style={{ width: `${Math.round((s.total_tokens / maxTokens) * 100)}%` }} />
                      </span>
                    )}
                    {s.total_tokens === null ? <span className={textStyles.muted}>—</span> : formatCompact(s.total_tokens)}
                  </span>
                </td>
                <td className={cx(textStyles.num, denseTableStyles.num, textStyles.small)} data-testid="session-updated">
                  <span className={styles.when}>
                    <time dateTime={s.updated_at ?? s.created_at ?? undefined}>{formatDateTime(s.updated_at ?? s.created_at).slice(0, 16)}</time>
                    <span className={textStyles.muted}>{formatRelative(s.updated_at ?? s.created_at, now)}</span>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
