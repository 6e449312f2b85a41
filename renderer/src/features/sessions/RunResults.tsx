import { Link } from 'react-router';
import type { DbLocation, RunSearchHit, RunSearchItem } from '../../api-types/shapes';
import { runHref } from '../../lib/location';
import { Badge, TypeBadge } from '../../components/Badge';
import { SortHeader } from '../../components/SortHeader';
import { formatDateTime, plural } from '../../lib/format';
import denseTableStyles from '../../components/DenseTable.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import type { TableSort } from './SessionTable';
import styles from './RunResults.module.css';

const WHERE_LABEL: Record<RunSearchHit['where'], string> = { id: 'id / name', input: 'input', output: 'output', message: 'message', tool: 'tool call' };

/** Where a hit leads: the conversation at its message with the words found, else the run. */
function hitHref(item: RunSearchItem, hit: RunSearchHit | undefined, terms: string, loc: DbLocation): string {
  const base = runHref(item.session_id, item.run_id, item.session_type, loc, hit && hit.message_index !== null ? 'conversation' : undefined);
  if (!hit || hit.message_index === null) return base;
  const extra = new URLSearchParams({ msg: String(hit.message_index), find: terms });
  return `${base}${base.includes('?') ? '&' : '?'}${extra.toString()}`;
}

function Snippet({ hit }: { hit: RunSearchHit }) {
  return (
    <span className={styles.snippet} data-testid="run-hit">
      <span className={styles.where}>{hit.label && hit.where !== 'input' && hit.where !== 'output' ? `${WHERE_LABEL[hit.where]} · ${hit.label}` : WHERE_LABEL[hit.where]}</span>
      <span className={textStyles.small}>
        {hit.snippet.slice(0, hit.match_start)}
        <mark className={styles.mark}>{hit.snippet.slice(hit.match_start, hit.match_end)}</mark>
        {hit.snippet.slice(hit.match_end)}
      </span>
    </span>
  );
}

/** One page of runs found by their content, each with the text around its matches. */
export function RunResults({ rows, loc, sort, terms }: { rows: RunSearchItem[]; loc: DbLocation; sort: TableSort; terms: string }) {
  const header = (column: string, label: string, className?: string) => (
    <SortHeader column={column} active={sort.sort} order={sort.order} onSort={sort.onSort} className={className}>
      {label}
    </SortHeader>
  );
  return (
    <div className={denseTableStyles.tableWrap}>
      <table className={cx(denseTableStyles.table, styles.runsTable)} data-testid="run-results">
        <thead>
          <tr>
            {header('session_name', 'Run')}
            {header('status', 'Status')}
            {header('model', 'Model')}
            {header('user_id', 'User')}
            {header('tool_calls', 'Tools', cx(textStyles.num, denseTableStyles.num))}
            {header('created_at', 'Created', cx(textStyles.num, denseTableStyles.num))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.session_id}\u0000${r.run_id}`} data-testid="run-result" data-run-id={r.run_id}>
              <td className={styles.cellMain}>
                <Link to={hitHref(r, r.hits[0], terms, loc)} className={styles.rowLink}>
                  <span className={styles.rowTitle}>
                    <TypeBadge type={r.session_type} /> {r.session_name || <span className={textStyles.muted}>Untitled session</span>}
                  </span>
                  <span className={cx(textStyles.mono, textStyles.small, textStyles.muted)}>{r.run_id}</span>
                </Link>
                {r.hits.map((hit, i) => (
                  <Link key={i} to={hitHref(r, hit, terms, loc)} className={styles.hitLink}>
                    <Snippet hit={hit} />
                  </Link>
                ))}
              </td>
              <td>
                {r.status ? (
                  <Badge tone={r.has_error ? 'danger' : r.status === 'COMPLETED' ? 'ok' : 'muted'}>{r.status}</Badge>
                ) : (
                  <span className={textStyles.muted}>—</span>
                )}
              </td>
              <td className={cx(textStyles.mono, textStyles.small, textStyles.ellipsis)} title={r.model ?? ''}>
                {r.model ?? <span className={textStyles.muted}>—</span>}
              </td>
              <td className={cx(textStyles.mono, textStyles.small, textStyles.ellipsis)} title={r.user_id ?? ''}>
                {r.user_id ?? <span className={textStyles.muted}>—</span>}
              </td>
              <td className={cx(textStyles.num, denseTableStyles.num)} title={r.tools.join(', ')}>
                {r.tool_call_count > 0 ? plural(r.tool_call_count, 'call') : <span className={textStyles.muted}>—</span>}
              </td>
              <td className={cx(textStyles.num, denseTableStyles.num, textStyles.small)}>{formatDateTime(r.created_at).slice(0, 16)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
