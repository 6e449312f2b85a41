import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Spinner } from '../../components/ui';
import type { DatabaseListItem } from '../../api-types/desk-shapes';
import denseTableStyles from '../../components/DenseTable.module.css';
import textStyles from '../../components/text.module.css';
import scopeChipStyles from '../../components/ScopeChip.module.css';
import styles from './DbRow.module.css';
import layoutStyles from '../../components/layout.module.css';
import { cx } from '../../lib/cx';
import { Button, buttonClass } from '../../components/Button';

/** How the Databases page names an Agno table's layout (docs/databases.md "Agno versions and layouts"). */
const LAYOUT_LABEL: Record<DatabaseListItem['layouts'][number]['layout'], string> = {
  '2.x': 'Agno 2 layout',
  '3.x': 'Agno 3 layout',
  '3.x-upgraded': 'Agno 3, upgraded from 2',
};

/** One attached database: id, file, session tables, counts, and browse/pin/detach actions. */
export function DbRow(props: {
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
      <td className={denseTableStyles.cellTight}>
        <code className={textStyles.strong}>{db.id}</code> {builtin ? <Badge tone="muted">built-in</Badge> : null}{' '}
        {db.answers_without_db_id ? (
          <Badge tone="accent" title="Platform requests without db_id read this database (AgentOS clients, scripts)" testId={`answers-${db.id}`}>
            {props.pinned ? 'answers without db_id (pinned)' : 'answers without db_id'}
          </Badge>
        ) : null}
      </td>
      <td>
        <code className={denseTableStyles.path} title={db.path}>
          {db.path}
        </code>
        {db.error ? (
          <div className={textStyles.small} data-testid={`db-error-${db.id}`}>
            <Badge tone="danger">{db.error.error_code === 'DATABASE_BUSY' ? 'locked' : 'unavailable'}</Badge> {db.error.detail}
          </div>
        ) : null}
      </td>
      <td>
        {tables.length === 0 ? (
          <span className={textStyles.subtle}>none found</span>
        ) : (
          tables.map((t) => (
            <Link key={t} to={q(t)} className={cx(scopeChipStyles.scope, styles.tableLink)} title={`Browse ${t}`}>
              {t}
              {t === db.default_table && tables.length > 1 ? ' ★' : ''}
            </Link>
          ))
        )}
        {db.layouts.map((l) => (
          <div key={l.table} className={textStyles.small} data-testid={`db-layout-${db.id}-${l.table}`}>
            <Badge tone="muted" title={l.runs_table ? `Runs read from ${l.runs_table}` : 'Runs read from the runs column'}>
              {LAYOUT_LABEL[l.layout]}
            </Badge>{' '}
            {l.version_agrees ? null : <Badge tone="warn">version row disagrees</Badge>}
            {l.note ? <span className={textStyles.subtle}> {l.note}</span> : null}
          </div>
        ))}
      </td>
      <td className={cx(textStyles.num, denseTableStyles.num)} data-testid="db-sessions">{db.sessions}</td>
      <td className={cx(textStyles.num, denseTableStyles.num)} data-testid="db-runs">{db.runs}</td>
      <td className={denseTableStyles.cellTight}>{db.read_only ? <Badge tone="info">read-only</Badge> : <Badge tone="warn">read-write</Badge>}</td>
      <td className={denseTableStyles.cellTight}>
        <div className={cx(layoutStyles.row, layoutStyles.nowrap)}>
          <Link className={buttonClass({ size: 'sm' })} to={q()} data-testid={`browse-${db.id}`}>
            Browse runs →
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={props.onPin}
            disabled={!props.canPin}
            title={props.pinned ? 'Let rundesk choose again (default_database: null)' : 'Set default_database: requests without db_id read and write this database'}
            data-testid={`pin-${db.id}`}
          >
            {props.pinned ? 'Unpin' : 'Answer without db_id'}
          </Button>
          {builtin ? null : props.confirming ? (
            <>
              <Button size="sm" danger onClick={props.onDetach} disabled={props.detaching} data-testid={`confirm-detach-${db.id}`}>
                {props.detaching ? <Spinner /> : null} Detach
              </Button>
              <Button variant="ghost" size="sm" onClick={props.onCancel}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={props.onConfirm} aria-label={`Detach ${db.id}`} data-testid={`detach-${db.id}`}>
              Detach…
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
