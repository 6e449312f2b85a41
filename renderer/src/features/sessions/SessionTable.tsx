import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { DbLocation, SessionListItem } from '../../api/types';
import { sessionHref } from '../../app/location';
import { TypeBadge } from '../../components/Badge';
import { CopyButton } from '../../components/Copy';
import { formatCompact, formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { useNow } from '../../lib/hooks';

function componentOf(s: SessionListItem): string | null {
  return s.agent_id ?? s.team_id ?? s.workflow_id ?? null;
}

/** One page of sessions; `selected` is the row j/k moved to. */
export function SessionTable({ rows, loc, selected }: { rows: SessionListItem[]; loc: DbLocation; selected: number }) {
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
    <div className="table-wrap">
      <table className="table sessions-table" data-testid="sessions-table">
        <thead>
          <tr>
            <th>Session</th>
            <th>Type</th>
            <th>Agent / team / workflow</th>
            <th>User</th>
            <th className="num">Runs</th>
            <th className="num">Tokens</th>
            <th className="num">Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s, i) => {
            const href = sessionHref(s.session_id, s.session_type, loc);
            const comp = componentOf(s);
            return (
              <tr
                key={s.session_id}
                className={`${i === selected ? 'selected ' : ''}${fresh.has(s.session_id) ? 'fresh' : ''}`}
                data-session-id={s.session_id}
                data-testid="session-row"
              >
                <td className="cell-main">
                  <Link to={href} className="row-link">
                    <span className="row-title">{s.session_name || <span className="muted">Untitled session</span>}</span>
                    <span className="row-id mono">{s.session_id}</span>
                  </Link>
                  <CopyButton text={s.session_id} label="Copy session id" className="row-copy" icon />
                </td>
                <td>
                  <TypeBadge type={s.session_type} />
                </td>
                <td className="mono small ellipsis" title={comp ?? ''}>
                  {comp ?? <span className="muted">—</span>}
                </td>
                <td className="mono small ellipsis" title={s.user_id ?? ''}>
                  {s.user_id ?? <span className="muted">—</span>}
                </td>
                <td className="num">{formatCount(s.run_count)}</td>
                <td className="num">
                  <span className="token-cell">
                    {s.total_tokens !== null && (
                      <span className="bar-mini" aria-hidden>
                        <span style={{ width: `${Math.round((s.total_tokens / maxTokens) * 100)}%` }} />
                      </span>
                    )}
                    {s.total_tokens === null ? <span className="muted">—</span> : formatCompact(s.total_tokens)}
                  </span>
                </td>
                <td className="num muted small" title={formatDateTime(s.updated_at ?? s.created_at)}>
                  {formatRelative(s.updated_at ?? s.created_at, now)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
