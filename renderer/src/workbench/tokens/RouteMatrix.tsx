import { useId, useMemo, useState } from 'react';
import { Badge } from '../../components/Badge';
import { DenseTable } from '../../components/DenseTable';
import { Callout } from '../../components/Callout';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/ui';
import type { MatrixRow } from '../../api-types/desk-shapes';
import { filterMatrix, isAllowed, type MatrixFilter } from './model';
import { Card } from '../../components/Card';
import { ScopeChip } from '../../components/ScopeChip';
import inputStyles from '../../components/Input.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import textStyles from '../../components/text.module.css';
import uiStyles from '../../components/ui.module.css';
import styles from './RouteMatrix.module.css';
import layoutStyles from '../../components/layout.module.css';
import { cx } from '../../lib/cx';
import { Input } from '../../components/Input';

/** Allow/deny per mapped route, and why; a row click inspects that route. */
export function RouteMatrix(props: {
  rows: MatrixRow[];
  tokenStatus: { status: number; detail: string | null; admin: boolean; authz: boolean } | null;
  loading: boolean;
  error: string | null;
  onPick: (r: MatrixRow) => void;
}) {
  const [filter, setFilter] = useState<MatrixFilter>('all');
  const [text, setText] = useState('');
  const id = useId();
  const shown = useMemo(() => filterMatrix(props.rows, filter, text), [props.rows, filter, text]);
  const allowed = props.rows.filter(isAllowed).length;
  return (
    <Card variant="panel"
      title="Route matrix"
      subtitle="Every mapped route for this token. Click a row to inspect it."
      spacing="flush"
      testId="route-matrix"
      actions={
        <>
          <Badge tone="ok">{allowed} allowed</Badge>
          <Badge tone="danger">{props.rows.length - allowed} denied</Badge>
          <Segmented
            name={`${id}-f`}
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: 'All' },
              { value: 'allowed', label: 'Allowed' },
              { value: 'denied', label: 'Denied' },
            ]}
          />
          <Input size="sm" className={cx(denseTableStyles.input, inputStyles.filter, styles.filter)} type="search" placeholder="Filter" aria-label="Filter routes" value={text} onChange={(e) => setText(e.target.value)} />
        </>
      }
    >
      {props.error ? <div className={textStyles.pad}><Callout tone="danger" title="Matrix unavailable">{props.error}</Callout></div> : null}
      {props.tokenStatus && props.tokenStatus.status === 401 ? (
        <div className={textStyles.pad}>
          <Callout tone="danger" title="Every route answers 401">{props.tokenStatus.detail}</Callout>
        </div>
      ) : props.tokenStatus?.admin ? (
        <div className={textStyles.pad}>
          <Callout tone="info" title="Admin token">It holds the admin scope, so every route is allowed.</Callout>
        </div>
      ) : props.tokenStatus && !props.tokenStatus.authz ? (
        <div className={textStyles.pad}>
          <Callout tone="info" title="Authorization is off">Any valid token may call every route; the scopes below are not checked.</Callout>
        </div>
      ) : null}
      {props.loading ? (
        <div className={cx(uiStyles.emptyState, uiStyles.emptyStateInline)}>
          <Spinner label="Loading the matrix" />
        </div>
      ) : (
        <DenseTable wrap="flush" label="Route matrix" wrapClassName={styles.matrixScroll} testId="matrix-table" columns={['Method', 'Route', 'Decision', 'Required scopes', 'Why']}>
          {shown.map((r) => (
            <tr
              key={`${r.method} ${r.pattern}`}
              className={layoutStyles.clickable}
              tabIndex={0}
              onClick={() => props.onPick(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  props.onPick(r);
                }
              }}
              data-testid="matrix-row"
              data-allowed={isAllowed(r)}
            >
              <td className={denseTableStyles.cellTight}>
                <span className={denseTableStyles.method} data-method={r.method}>{r.method}</span>
              </td>
              <td>
                <code className={denseTableStyles.path}>{r.path}</code>
                {r.source === 'custom' ? <> <Badge tone="accent">custom</Badge></> : null}
                {r.decided_by ? (
                  <div className={textStyles.small} data-testid="matrix-decided-by">
                    decided by the custom rule <code>{r.decided_by}</code>
                  </div>
                ) : null}
                {r.platform_note ? (
                  <div className={textStyles.small} data-tone="warn" data-testid="matrix-platform-note">
                    {r.platform_note}
                  </div>
                ) : null}
              </td>
              <td className={denseTableStyles.cellTight}>
                {!isAllowed(r) ? (
                  <Badge tone="danger">✕ {r.status}</Badge>
                ) : r.access === 'none' ? (
                  <Badge tone="warn" title="A listing: answers 200 with an empty list">∅ empty list</Badge>
                ) : r.access === 'some' ? (
                  <Badge tone="warn" title={`Only ${r.allowed_resource_ids?.join(', ')}`}>◐ some ids</Badge>
                ) : (
                  <Badge tone="ok">✓ allow</Badge>
                )}
              </td>
              <td>
                {r.required_scopes.length === 0 ? (
                  <span className={textStyles.subtle}>—</span>
                ) : (
                  r.required_scopes.map((s) => (
                    <ScopeChip key={s} scope={s} state={r.missing_scopes.includes(s) ? 'missing' : isAllowed(r) ? 'held' : null} />
                  ))
                )}
              </td>
              <td className={cx(textStyles.small, textStyles.muted, styles.why)}>{isAllowed(r) ? reasonAllowed(r) : (r.detail ?? (r.missing_scopes.length ? `missing ${r.missing_scopes.join(', ')}` : 'denied'))}</td>
            </tr>
          ))}
          {shown.length === 0 ? (
            <tr>
              <td colSpan={5} className={textStyles.muted}>
                {props.rows.length === 0 ? 'No mapped routes.' : 'No route matches the filter.'}
              </td>
            </tr>
          ) : null}
        </DenseTable>
      )}
    </Card>
  );
}

function reasonAllowed(r: MatrixRow): string {
  if (r.access === 'none') return 'a listing: 200 with only the ids of per-resource scopes, here none';
  if (r.access === 'some') return `only ${r.allowed_resource_ids?.join(', ') ?? 'some ids'} (per-resource scopes)`;
  if (r.required_scopes.length === 0) return 'no scopes required';
  return 'holds the required scopes';
}
