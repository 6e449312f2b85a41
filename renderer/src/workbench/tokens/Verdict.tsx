import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { JsonView } from '../../components/JsonView';
import { StatusPill } from '../../components/StatusPill';
import { Spinner } from '../../components/ui';
import type { InspectResponse, KeyRef } from '../types';
import { ClaimTimes, StateTable } from './RequestState';
import { Card } from '../../components/Card';
import { ScopeChip } from '../../components/ScopeChip';

/** The inspect answer: the decision, how the token was verified, lint, request state, decoded parts. */
export function Verdict({ v, fetching }: { v: InspectResponse; fetching: boolean }) {
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
      <div className={`wb-verdict tone-${allowed ? 'ok' : 'danger'}`} data-testid="inspect-verdict">
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
      {v.hints?.length ? <Callout tone="info" title="Hints" testId="inspect-hints" items={v.hints} /> : null}

      <div className="wb-grid-2">
        <div className="wb-stack">
          <Card variant="panel" title="Verification" className="card-compact" testId="inspect-verification">
            <dl className="kv kv-code">
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
                    {by.kid ? <code>{by.kid}</code> : null} <span className="muted">{keyRefText(by)}</span>
                  </dd>
                </>
              ) : null}
              {v.audience ? (
                <>
                  <dt>audience</dt>
                  <dd>
                    {!v.audience.checked ? (
                      <span className="muted">not checked</span>
                    ) : v.audience.ok ? (
                      <Badge tone="ok">matches</Badge>
                    ) : (
                      <Badge tone="danger">mismatch</Badge>
                    )}{' '}
                    <span className="muted">
                      token <code>{JSON.stringify(v.audience.actual)}</code>
                      {v.audience.checked ? <> · expected {v.audience.expected.map((e) => <ScopeChip key={e} scope={e} />)}</> : null}
                    </span>
                  </dd>
                </>
              ) : null}
              <dt>required</dt>
              <dd data-testid="inspect-required">
                {!v.authorization_enabled ? (
                  <span className="muted">authorization is off</span>
                ) : v.required_scopes.length === 0 ? (
                  <span className="muted">no scopes</span>
                ) : (
                  v.required_scopes.map((s) => (
                    <ScopeChip key={s} scope={s} state={v.missing_scopes.includes(s) ? 'missing' : held.has(s) || state?.is_admin ? 'held' : null} />
                  ))
                )}
              </dd>
              <dt>mapping</dt>
              <dd>
                {v.matched ? (
                  <>
                    <code>{v.matched.pattern}</code> <Badge tone={v.matched.source === 'custom' ? 'accent' : 'muted'}>{v.matched.source}</Badge>{' '}
                    <Link to="/settings#wb-mappings" state={{ focusMapping: v.matched.pattern }} data-testid="verdict-edit-mapping">
                      {v.matched.source === 'custom' ? 'Edit this rule →' : 'Override this rule →'}
                    </Link>
                  </>
                ) : (
                  <span className="muted">{v.outcome === 'excluded' ? 'excluded route' : 'none matched'}</span>
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
                    <li key={i} data-outcome={a.outcome}>
                      <Badge tone={a.outcome === 'verified' ? 'ok' : a.outcome === 'skipped' ? 'muted' : 'danger'}>{a.outcome.replace('_', ' ')}</Badge>{' '}
                      <span className="muted">{keyRefText(a)}</span>
                      {a.kid ? <> <code>{a.kid}</code></> : null}
                      <div className="small">{a.reason}</div>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </Card>
          <Card variant="panel" title={<>Lint <Badge tone={lint.length ? 'warn' : 'ok'}>{lint.length}</Badge></>} className="card-compact" testId="inspect-lint">
            {lint.length === 0 ? (
              <span className="small muted">Nothing unusual.</span>
            ) : (
              <ul className="wb-lint-list">
                {lint.map((l, i) => (
                  <li key={i}>
                    {l.code ? <code className="wb-lint-code">{l.code}</code> : null} {l.message}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card variant="panel" title="Request state (SPEC §5.4)" className="card-compact" testId="inspect-state">
            {state ? <StateTable state={state} /> : <span className="small muted">Not set: the request stops before authentication.</span>}
          </Card>
        </div>
        <div className="wb-stack">
          <Card variant="panel" title="Header" className="card-compact">
            {v.decode_error ? <p className="wb-field-error">{v.decode_error}</p> : null}
            <JsonView value={v.header} />
          </Card>
          <Card variant="panel" title="Claims" className="card-compact">
            <JsonView value={v.claims} testId="inspect-claims" />
            <ClaimTimes claims={v.claims} />
          </Card>
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
