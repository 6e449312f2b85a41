import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useActingAs } from '../../auth/acting-as';
import { decodeJwt } from '../../lib/jwt';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { JsonView } from '../../components/JsonView';
import { Panel } from '../../components/Panel';
import { Segmented } from '../../components/Segmented';
import { StatusPill } from '../../components/StatusPill';
import { EmptyState, Spinner } from '../../components/ui';
import { useDebounced } from '../../lib/hooks';
import { describeError } from '../errors';
import { HTTP_METHODS, type InspectResponse, type KeyRef, type MatrixRow, type RequestAuthState } from '../types';
import { examplePath, filterMatrix, isAllowed, type MatrixFilter } from './model';
import { deskQueries } from '../../api';

export interface InspectTarget {
  token: string;
  method: string;
  path: string;
}

/**
 * Paste any token: decoded header and claims, which key verified it (or why none did), lint
 * warnings, the SPEC §5.4 request state, the decision for one request, and the route matrix.
 */
export function InspectPanel(props: { target: InspectTarget; onTarget: (t: InspectTarget) => void }) {
  const { target, onTarget } = props;
  const { tokens } = useActingAs();
  const id = useId();
  const token = target.token.trim().replace(/^Bearer\s+/i, '');
  const debounced = useDebounced({ ...target, token }, 250);
  const ready = debounced.token.length > 0 && debounced.path.startsWith('/');
  const inspect = useQuery({ ...deskQueries.inspect(debounced), enabled: ready, placeholderData: keepPreviousData });
  const matrix = useQuery({ ...deskQueries.matrix(debounced.token), enabled: debounced.token.length > 0, placeholderData: keepPreviousData });
  const local = useMemo(() => (token ? decodeJwt(token) : null), [token]);

  return (
    <div className="wb-stack" data-testid="inspect-panel">
      <Panel title="Inspect a token" subtitle="What the auth layer decides for this token on one request — the same function the server runs.">
        <div className="wb-row wb-nowrap">
          <div className="wb-input-group wb-grow">
            <select className="wb-select wb-mono wb-w-method" aria-label="Method" value={target.method} onChange={(e) => onTarget({ ...target, method: e.target.value })} data-testid="inspect-method">
              {HTTP_METHODS.filter((m) => m !== '*').map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            <input
              id={`${id}-path`}
              className="wb-input wb-mono"
              aria-label="Request path"
              value={target.path}
              spellCheck={false}
              onChange={(e) => onTarget({ ...target, path: e.target.value })}
              data-testid="inspect-path"
            />
          </div>
          {tokens.length > 0 ? (
            <select
              className="wb-select wb-w-auto"
              aria-label="Load a token from the acting-as list"
              value=""
              onChange={(e) => {
                const t = tokens.find((x) => x.id === e.target.value);
                if (t) onTarget({ ...target, token: t.token });
              }}
            >
              <option value="">Load an acting-as token…</option>
              {tokens.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          ) : null}
        </div>
        <textarea
          id={`${id}-token`}
          className="wb-textarea wb-token-input"
          rows={4}
          spellCheck={false}
          aria-label="Token"
          placeholder="Paste a token: eyJhbGciOi… (a raw JWT or “Bearer …”)"
          value={target.token}
          onChange={(e) => onTarget({ ...target, token: e.target.value })}
          data-testid="inspect-token"
        />
        {!token ? null : !local ? (
          <Callout tone="warn" title="Not a decodable JWT">The server will still say why it refuses it.</Callout>
        ) : null}
      </Panel>

      {!token ? (
        <EmptyState>Paste a token, or mint one and press “Inspect →”.</EmptyState>
      ) : inspect.isError ? (
        <Callout tone="danger" title="Inspect failed">{describeError(inspect.error)}</Callout>
      ) : !inspect.data ? (
        <Spinner label="Inspecting" />
      ) : (
        <Verdict v={inspect.data} fetching={inspect.isFetching} />
      )}

      {token ? (
        <RouteMatrix
          rows={matrix.data?.rows ?? []}
          tokenStatus={matrix.data ? { status: matrix.data.status, detail: matrix.data.detail, admin: matrix.data.is_admin, authz: matrix.data.authorization_enabled } : null}
          loading={matrix.isPending}
          error={matrix.isError ? describeError(matrix.error) : null}
          onPick={(r) => onTarget({ ...target, method: r.method === '*' ? 'GET' : r.method, path: examplePath(r.path) })}
        />
      ) : null}
    </div>
  );
}

function Verdict({ v, fetching }: { v: InspectResponse; fetching: boolean }) {
  const allowed = v.status < 300;
  const state = v.state;
  const held = new Set(state?.scopes ?? []);
  const lint = v.lint;
  const ver = v.verification;
  const by = ver.verified_by;
  const headline = allowed
    ? v.outcome === 'excluded'
      ? `Allowed — ${v.excluded_by ?? 'route'} is excluded from auth`
      : 'Allowed'
    : v.status === 401
      ? 'Unauthenticated'
      : 'Forbidden';
  return (
    <div className="wb-stack" data-testid="inspect-result" data-status={v.status}>
      <div className={`wb-verdict wb-tone-${allowed ? 'ok' : 'danger'}`} data-testid="inspect-verdict">
        <StatusPill status={v.status} testId="inspect-status" />
        <span className="wb-verdict-big">{headline}</span>
        <span className="wb-verdict-detail">
          <code>
            {v.method} {v.path}
          </code>
          {v.detail ? <> — {v.detail}</> : null}
        </span>
        <span className="wb-spacer" />
        {fetching ? <Spinner label="Refreshing" /> : null}
      </div>
      {v.hints?.length ? (
        <Callout tone="info" title="Hints" testId="inspect-hints">
          <ul>
            {v.hints.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </Callout>
      ) : null}

      <div className="wb-grid-2">
        <div className="wb-stack">
          <Panel title="Verification" className="wb-panel-compact" testId="inspect-verification">
            <dl className="wb-kv">
              <dt>signature</dt>
              <dd>
                {!ver.validate ? (
                  <Badge tone="warn">not checked (validate: false)</Badge>
                ) : ver.verified ? (
                  <Badge tone="ok">verified</Badge>
                ) : (
                  <Badge tone="danger">not verified</Badge>
                )}
                {ver.failure ? <span className="wb-verdict-why"> {ver.failure}</span> : null}
              </dd>
              {by ? (
                <>
                  <dt>key</dt>
                  <dd data-testid="inspect-key">
                    {by.kid ? <code>{by.kid}</code> : null} <span className="wb-muted">{keyRefText(by)}</span>
                  </dd>
                </>
              ) : null}
              {v.audience ? (
                <>
                  <dt>audience</dt>
                  <dd>
                    {!v.audience.checked ? (
                      <span className="wb-muted">not checked</span>
                    ) : v.audience.ok ? (
                      <Badge tone="ok">matches</Badge>
                    ) : (
                      <Badge tone="danger">mismatch</Badge>
                    )}{' '}
                    <span className="wb-muted">
                      token <code>{JSON.stringify(v.audience.actual)}</code>
                      {v.audience.checked ? <> · expected {v.audience.expected.map((e) => <code key={e} className="wb-scope">{e}</code>)}</> : null}
                    </span>
                  </dd>
                </>
              ) : null}
              <dt>required</dt>
              <dd data-testid="inspect-required">
                {!v.authorization_enabled ? (
                  <span className="wb-muted">authorization is off</span>
                ) : v.required_scopes.length === 0 ? (
                  <span className="wb-muted">no scopes</span>
                ) : (
                  v.required_scopes.map((s) => (
                    <code key={s} className={`wb-scope ${v.missing_scopes.includes(s) ? 'is-missing' : held.has(s) || state?.is_admin ? 'is-held' : ''}`}>
                      {s}
                    </code>
                  ))
                )}
              </dd>
              <dt>mapping</dt>
              <dd>
                {v.matched ? (
                  <>
                    <code>{v.matched.pattern}</code> <Badge tone={v.matched.source === 'custom' ? 'accent' : 'muted'}>{v.matched.source}</Badge>
                  </>
                ) : (
                  <span className="wb-muted">{v.outcome === 'excluded' ? 'excluded route' : 'none matched'}</span>
                )}
              </dd>
            </dl>
            {ver.attempts.length > 0 ? (
              <details className="wb-details" open={!ver.verified}>
                <summary>
                  Keys tried <Badge>{ver.attempts.length}</Badge>
                </summary>
                <ol className="wb-attempts" data-testid="inspect-attempts">
                  {ver.attempts.map((a, i) => (
                    <li key={i} className={`wb-attempt wb-attempt-${a.outcome}`}>
                      <Badge tone={a.outcome === 'verified' ? 'ok' : a.outcome === 'skipped' ? 'muted' : 'danger'}>{a.outcome.replace('_', ' ')}</Badge>{' '}
                      <span className="wb-muted">{keyRefText(a)}</span>
                      {a.kid ? <> <code>{a.kid}</code></> : null}
                      <div className="wb-small">{a.reason}</div>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </Panel>
          <Panel title={<>Lint <Badge tone={lint.length ? 'warn' : 'ok'}>{lint.length}</Badge></>} className="wb-panel-compact" testId="inspect-lint">
            {lint.length === 0 ? (
              <span className="wb-small wb-muted">Nothing unusual.</span>
            ) : (
              <ul className="wb-lint-list">
                {lint.map((l, i) => (
                  <li key={i}>
                    {l.code ? <code className="wb-lint-code">{l.code}</code> : null} {l.message}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Request state (SPEC §5.4)" className="wb-panel-compact" testId="inspect-state">
            {state ? <StateTable state={state} /> : <span className="wb-small wb-muted">Not set: the request stops before authentication.</span>}
          </Panel>
        </div>
        <div className="wb-stack">
          <Panel title="Header" className="wb-panel-compact">
            {v.decode_error ? <p className="wb-field-error">{v.decode_error}</p> : null}
            <JsonView value={v.header} />
          </Panel>
          <Panel title="Claims" className="wb-panel-compact">
            <JsonView value={v.claims} testId="inspect-claims" />
            <ClaimTimes claims={v.claims} />
          </Panel>
        </div>
      </div>
    </div>
  );
}

function keyRefText(k: KeyRef): string {
  switch (k.source) {
    case 'verification_keys':
      return `verification_keys[${k.index ?? '?'}]`;
    case 'jwks_file':
      return `JWKS file${k.index !== null ? ` key #${k.index}` : ''}`;
    case 'jwks_url':
      return 'JWKS URL';
    case 'secret_key':
      return 'secret_key (deprecated)';
    default:
      return String(k.source);
  }
}

function StateTable({ state }: { state: RequestAuthState }) {
  const rows: [string, unknown][] = [
    ['authenticated', state.authenticated],
    ['user_id', state.user_id],
    ['session_id', state.session_id],
    ['scopes', state.scopes],
    ['audience', state.audience],
    ['authorization_enabled', state.authorization_enabled],
    ['dependencies', state.dependencies],
    ['session_state', state.session_state],
    ['accessible_resource_ids', state.accessible_resource_ids],
  ];
  if (state.is_admin !== undefined) rows.push(['is_admin', state.is_admin]);
  if (state.user_isolation !== undefined) rows.push(['user_isolation', state.user_isolation]);
  return (
    <dl className="wb-kv">
      {rows.map(([k, v]) => (
        <FragmentKV key={k} k={k} v={v} />
      ))}
    </dl>
  );
}

function FragmentKV({ k, v }: { k: string; v: unknown }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{renderValue(v)}</dd>
    </>
  );
}

function renderValue(v: unknown) {
  if (v === null || v === undefined) return <span className="wb-subtle">null</span>;
  if (typeof v === 'boolean') return <Badge tone={v ? 'ok' : 'muted'}>{String(v)}</Badge>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className="wb-subtle">[]</span>;
    return v.map((x, i) => (
      <code key={i} className="wb-scope">
        {String(x)}
      </code>
    ));
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return <span className="wb-subtle">{'{}'}</span>;
    return <code className="wb-inline-json">{JSON.stringify(v)}</code>;
  }
  return <code>{String(v)}</code>;
}

function ClaimTimes({ claims }: { claims: Record<string, unknown> | null }) {
  if (!claims) return null;
  const now = Date.now() / 1000;
  const times = (['iat', 'nbf', 'exp'] as const).filter((k) => typeof claims[k] === 'number');
  if (times.length === 0) return null;
  return (
    <dl className="wb-kv wb-small">
      {times.map((k) => {
        const t = claims[k] as number;
        const rel = relative(t - now);
        return (
          <FragmentKV key={k} k={k} v={`${new Date(t * 1000).toLocaleString()} (${rel})`} />
        );
      })}
    </dl>
  );
}

function relative(seconds: number): string {
  const abs = Math.abs(seconds);
  const unit = abs >= 86400 ? [86400, 'd'] : abs >= 3600 ? [3600, 'h'] : abs >= 60 ? [60, 'min'] : [1, 's'];
  const n = Math.round(abs / (unit[0] as number));
  return seconds >= 0 ? `in ${n} ${unit[1]}` : `${n} ${unit[1]} ago`;
}

/** Allow/deny per mapped route, and why; a row click inspects that route. */
function RouteMatrix(props: {
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
    <Panel
      title="Route matrix"
      subtitle="Every mapped route for this token. Click a row to inspect it."
      className="wb-panel-flush"
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
          <input className="wb-input wb-filter wb-input-sm" type="search" placeholder="Filter" aria-label="Filter routes" value={text} onChange={(e) => setText(e.target.value)} />
        </>
      }
    >
      {props.error ? <div className="wb-pad"><Callout tone="danger" title="Matrix unavailable">{props.error}</Callout></div> : null}
      {props.tokenStatus && props.tokenStatus.status === 401 ? (
        <div className="wb-pad">
          <Callout tone="danger" title="Every route answers 401">{props.tokenStatus.detail}</Callout>
        </div>
      ) : props.tokenStatus?.admin ? (
        <div className="wb-pad">
          <Callout tone="info" title="Admin token">It holds the admin scope, so every route is allowed.</Callout>
        </div>
      ) : props.tokenStatus && !props.tokenStatus.authz ? (
        <div className="wb-pad">
          <Callout tone="info" title="Authorization is off">Any valid token may call every route; the scopes below are not checked.</Callout>
        </div>
      ) : null}
      {props.loading ? (
        <div className="wb-empty">
          <Spinner label="Loading the matrix" />
        </div>
      ) : (
        <div className="wb-table-wrap wb-matrix-scroll">
          <table className="wb-table" data-testid="matrix-table">
            <thead>
              <tr>
                <th>Method</th>
                <th>Route</th>
                <th>Decision</th>
                <th>Required scopes</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={`${r.method} ${r.pattern}`}
                  className="wb-clickable"
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
                  <td className="wb-cell-tight">
                    <span className={`wb-method wb-method-${r.method}`}>{r.method}</span>
                  </td>
                  <td>
                    <code className="wb-path">{r.path}</code>
                    {r.source === 'custom' ? <> <Badge tone="accent">custom</Badge></> : null}
                    {r.decided_by ? (
                      <div className="wb-small" data-testid="matrix-decided-by">
                        decided by the custom rule <code>{r.decided_by}</code>
                      </div>
                    ) : null}
                    {r.platform_note ? (
                      <div className="wb-small wb-tone-warn" data-testid="matrix-platform-note">
                        {r.platform_note}
                      </div>
                    ) : null}
                  </td>
                  <td className="wb-cell-tight">
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
                      <span className="wb-subtle">—</span>
                    ) : (
                      r.required_scopes.map((s) => (
                        <code key={s} className={`wb-scope ${r.missing_scopes.includes(s) ? 'is-missing' : isAllowed(r) ? 'is-held' : ''}`}>
                          {s}
                        </code>
                      ))
                    )}
                  </td>
                  <td className="wb-small wb-muted wb-why">{isAllowed(r) ? reasonAllowed(r) : (r.detail ?? (r.missing_scopes.length ? `missing ${r.missing_scopes.join(', ')}` : 'denied'))}</td>
                </tr>
              ))}
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={5} className="wb-muted">
                    {props.rows.length === 0 ? 'No mapped routes.' : 'No route matches the filter.'}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function reasonAllowed(r: MatrixRow): string {
  if (r.access === 'none') return 'a listing: 200 with only the ids of per-resource scopes, here none';
  if (r.access === 'some') return `only ${r.allowed_resource_ids?.join(', ') ?? 'some ids'} (per-resource scopes)`;
  if (r.required_scopes.length === 0) return 'no scopes required';
  return 'holds the required scopes';
}
