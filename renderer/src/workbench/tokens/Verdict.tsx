import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { JsonView } from '../../components/JsonView';
import { StatusPill } from '../../components/StatusPill';
import { Spinner } from '../../components/ui';
import type { InspectResponse, KeyRef } from '../../api-types/desk-shapes';
import { ClaimTimes, StateTable } from './RequestState';
import { Card } from '../../components/Card';
import { ScopeChip } from '../../components/ScopeChip';
import layoutStyles from '../../components/layout.module.css';
import styles from './Verdict.module.css';
import metaFieldStyles from '../../components/MetaField.module.css';
import textStyles from '../../components/text.module.css';
import fieldStyles from '../../components/Field.module.css';
import { cx } from '../../lib/cx';

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
    : v.error_code === 'UNAUTHENTICATED'
      ? 'Unauthenticated'
      : 'Forbidden';
  return (
    <div className={layoutStyles.stack} data-testid="inspect-result" data-status={v.status}>
      <div className={styles.verdict} data-tone={allowed ? 'ok' : 'danger'} data-testid="inspect-verdict">
        <StatusPill status={v.status} testId="inspect-status" />
        <span className={styles.verdictBig}>{headline}</span>
        <span className={styles.verdictDetail}>
          <code>
            {v.method} {v.path}
          </code>
          {v.detail ? <> — {v.detail}</> : null}
        </span>
        <span className={layoutStyles.spacer} />
        {fetching ? <Spinner label="Refreshing" /> : null}
      </div>
      {v.hints?.length ? <Callout tone="info" title="Hints" testId="inspect-hints" items={v.hints} /> : null}

      <div className={layoutStyles.grid2}>
        <div className={layoutStyles.stack}>
          <Card variant="panel" title="Verification" spacing="compact" testId="inspect-verification">
            <dl className={cx(metaFieldStyles.kv, metaFieldStyles.kvCode)}>
              <dt>signature</dt>
              <dd>
                {!ver.validate ? (
                  <Badge tone="warn">not checked (validate: false)</Badge>
                ) : ver.verified ? (
                  <Badge tone="ok">verified</Badge>
                ) : (
                  <Badge tone="danger">not verified</Badge>
                )}
                {ver.failure ? <span className={styles.verdictWhy}> {ver.failure}</span> : null}
              </dd>
              {by ? (
                <>
                  <dt>key</dt>
                  <dd data-testid="inspect-key">
                    {by.kid ? <code>{by.kid}</code> : null} <span className={textStyles.muted}>{keyRefText(by)}</span>
                  </dd>
                </>
              ) : null}
              {v.audience ? (
                <>
                  <dt>audience</dt>
                  <dd>
                    {!v.audience.checked ? (
                      <span className={textStyles.muted}>not checked</span>
                    ) : v.audience.ok ? (
                      <Badge tone="ok">matches</Badge>
                    ) : (
                      <Badge tone="danger">mismatch</Badge>
                    )}{' '}
                    <span className={textStyles.muted}>
                      token <code>{JSON.stringify(v.audience.actual)}</code>
                      {v.audience.checked ? <> · expected {v.audience.expected.map((e) => <ScopeChip key={e} scope={e} />)}</> : null}
                    </span>
                  </dd>
                </>
              ) : null}
              {/* A mapping's scopes are all needed, as on the platform. */}
              <dt>{v.required_scopes.length > 1 ? 'required (all of)' : 'required'}</dt>
              <dd data-testid="inspect-required">
                {!v.authorization_enabled ? (
                  <span className={textStyles.muted}>authorization is off</span>
                ) : v.required_scopes.length === 0 ? (
                  <span className={textStyles.muted}>no scopes</span>
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
                    {/* The key to write is the one that decides as the server matches keys (for a default
                        under "platform" matching, the platform's own key that covers the route). */}
                    <Link
                      to="/settings#wb-mappings"
                      state={{ focusMapping: v.matched.override_key, focusScopes: v.matched.scopes }}
                      data-testid="verdict-edit-mapping"
                      title={v.matched.override_key !== v.matched.pattern ? `Redefines ${v.matched.override_key}, the key that decides this request` : undefined}
                    >
                      {v.matched.source === 'custom' && v.matched.override_key === v.matched.pattern ? 'Edit this rule →' : 'Override this rule →'}
                    </Link>
                  </>
                ) : (
                  <span className={textStyles.muted}>{v.outcome === 'excluded' ? 'excluded route' : 'none matched'}</span>
                )}
              </dd>
              {v.other_verdict ? (
                <>
                  <dt>other mode</dt>
                  <dd data-testid="inspect-other-verdict" data-status={v.other_verdict.status}>
                    with <code>scope_matching: "{v.other_verdict.scope_matching}"</code>: <StatusPill status={v.other_verdict.status} />{' '}
                    {v.other_verdict.matched ? (
                      <>
                        by <code>{v.other_verdict.matched.pattern}</code>
                      </>
                    ) : (
                      'no mapping'
                    )}
                    {v.other_verdict.detail ? <span className={textStyles.muted}> — {v.other_verdict.detail}</span> : null}
                  </dd>
                </>
              ) : null}
            </dl>
            {ver.attempts.length > 0 ? (
              <details className={layoutStyles.details} open={!ver.verified}>
                <summary>
                  Keys tried <Badge>{ver.attempts.length}</Badge>
                </summary>
                <ol className={styles.attempts} data-testid="inspect-attempts">
                  {ver.attempts.map((a, i) => (
                    <li key={i} data-outcome={a.outcome}>
                      <Badge tone={a.outcome === 'verified' ? 'ok' : a.outcome === 'skipped' ? 'muted' : 'danger'}>{a.outcome.replace('_', ' ')}</Badge>{' '}
                      <span className={textStyles.muted}>{keyRefText(a)}</span>
                      {a.kid ? <> <code>{a.kid}</code></> : null}
                      <div className={cx(textStyles.small, styles.small)}>{a.reason}</div>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
          </Card>
          <Card variant="panel" title={<>Lint <Badge tone={lint.length ? 'warn' : 'ok'}>{lint.length}</Badge></>} spacing="compact" testId="inspect-lint">
            {lint.length === 0 ? (
              <span className={cx(textStyles.small, styles.small, textStyles.muted)}>Nothing unusual.</span>
            ) : (
              <ul className={styles.lintList}>
                {lint.map((l, i) => (
                  <li key={i}>
                    {l.code ? <code className={styles.lintCode}>{l.code}</code> : null} {l.message}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card variant="panel" title="Request state" spacing="compact" testId="inspect-state">
            {state ? <StateTable state={state} /> : <span className={cx(textStyles.small, styles.small, textStyles.muted)}>Not set: the request stops before authentication.</span>}
          </Card>
        </div>
        <div className={layoutStyles.stack}>
          <Card variant="panel" title="Header" spacing="compact">
            {v.decode_error ? <p className={fieldStyles.fieldError}>{v.decode_error}</p> : null}
            <JsonView value={v.header} />
          </Card>
          <Card variant="panel" title="Claims" spacing="compact">
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
