import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError, type ApiError } from '../../api/client';
import { deskQueries } from '../../api/desk/queries';
import { useActingAs } from '../../auth/acting-as';
import { Badge } from '../../components/Badge';
import { ErrorPanel, errorTitle } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { JsonView } from '../../components/JsonView';
import metaFieldStyles from '../../components/MetaField.module.css';
import { ScopeChip } from '../../components/ScopeChip';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { formatDateTime, listText } from '../../lib/format';
import { readVerdict } from '../../lib/verdict';
import styles from './AuthExplain.module.css';
import { LensNotFound, notFoundTarget } from './LensNotFound';
import { Button, buttonClass } from '../../components/Button';

/**
 * A failed request of a page. A token the auth layer refused is explained by the auth layer
 * itself (`/desk/inspect` for the same request); anything else is the kit's plain error panel.
 */
export function RequestError({ error, retry, compact }: { error: unknown; retry?: () => void; compact?: boolean }) {
  if (isApiError(error) && error.isAuthError && error.token) return <AuthExplain error={error} retry={retry} />;
  // A 404 through a token's lens may be user isolation: the desk view tells which.
  const target = isApiError(error) && error.isNotFound && error.token ? notFoundTarget(error) : null;
  if (isApiError(error) && target) return <LensNotFound error={error} target={target} retry={retry} />;
  return <ErrorPanel error={error} retry={retry} compact={compact} />;
}

/** Why the auth layer refused the acting-as token: the `/desk/inspect` verdict for the same request. */
export function AuthExplain({ error, retry }: { error: ApiError; retry?: (() => void) | undefined }) {
  const token = error.token ?? '';
  const inspect = useQuery({ ...deskQueries.inspect({ token, method: error.method, path: error.path }), staleTime: 10_000 });
  const v = readVerdict(inspect.data);
  const { current, setCurrent } = useActingAs();
  return (
    <ErrorPanel
      error={error}
      retry={retry}
      variant="auth"
      testId="auth-explain"
      title={
        <>
          {errorTitle(error)} <Badge tone="danger">{error.status}</Badge>
        </>
      }
      detail={
        <>
          <span className={textStyles.mono}>
            {error.method} {error.path}
          </span>{' '}
          was refused: {error.detail}
        </>
      }
      actions={
        <>
          {current && (
            <Button variant="primary" size="sm" onClick={() => setCurrent(null)} data-testid="back-to-desk-view">
              <Icon name="database" size={12} /> Back to the desk view
            </Button>
          )}
          <Link className={buttonClass({ size: 'sm' })} to="/tokens">
            <Icon name="key" size={12} /> Token workshop
          </Link>
        </>
      }
      moreDetails={inspect.data && <JsonView value={inspect.data} label="verdict" maxHeight={320} />}
    >
      {current && (
        <p data-testid="lens-note">
          The run browser is reading through the platform API as <strong>{current.label}</strong>, and the auth layer
          refused that token. The desk view reads everything whatever keys the platform API trusts.
        </p>
      )}

      {inspect.isPending && <div className={cx(textStyles.muted, textStyles.small)}>Asking the auth layer why…</div>}
      {inspect.isError && (
        <div className={cx(textStyles.muted, textStyles.small)}>
          The workbench could not explain this ({isApiError(inspect.error) ? inspect.error.detail : 'unknown error'}).
        </div>
      )}
      {inspect.data && (
        <div className={styles.verdict}>
          <div className={styles.verdictHead}>
            <Icon name="key" size={13} /> What the auth layer decided
          </div>
          {v.missingScopes.length > 0 && (
            <p className={styles.verdictMissing} data-testid="missing-scopes">
              Missing scope{v.missingScopes.length === 1 ? '' : 's'}:{' '}
              {v.missingScopes.map((s) => (
                <ScopeChip key={s} scope={s} state="missing" />
              ))}
            </p>
          )}
          <dl className={metaFieldStyles.kv}>
            {v.status !== null && (
              <>
                <dt>Decision</dt>
                <dd>
                  <Badge tone={v.status < 300 ? 'ok' : 'danger'}>{v.status}</Badge> {v.detail ?? ''}
                </dd>
              </>
            )}
            {v.requiredScopes.length > 0 && (
              <>
                <dt>{v.requiredScopes.length > 1 ? 'Required (all of)' : 'Required'}</dt>
                <dd>
                  {v.requiredScopes.map((s) => (
                    <ScopeChip key={s} scope={s} state={v.missingScopes.includes(s) ? 'missing' : null} />
                  ))}
                  {v.matchedPattern && <span className={cx(textStyles.muted, textStyles.small)}> via mapping “{v.matchedPattern}”</span>}
                </dd>
              </>
            )}
            <dt>Token scopes</dt>
            <dd>
              {v.tokenScopes.length === 0 ? (
                <span className={textStyles.muted}>none</span>
              ) : (
                v.tokenScopes.map((s) => <ScopeChip key={s} scope={s} state="held" />)
              )}
            </dd>
            {v.verificationFailure && (
              <>
                <dt>Verification</dt>
                <dd>{v.verificationFailure}</dd>
              </>
            )}
            {v.verifiedBy && (
              <>
                <dt>Verified by</dt>
                <dd className={textStyles.mono}>{v.verifiedBy}</dd>
              </>
            )}
            {v.subject && (
              <>
                <dt>Subject</dt>
                <dd className={textStyles.mono}>{v.subject}</dd>
              </>
            )}
            {v.expiresAt !== null && (
              <>
                <dt>Expires</dt>
                <dd>{formatDateTime(v.expiresAt)}</dd>
              </>
            )}
          </dl>
          {v.hints.length > 0 && (
            <ul className={styles.verdictHints}>
              {v.hints.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          )}
          {v.missingScopes.length > 0 && (
            <p className={cx(textStyles.muted, textStyles.small)}>
              Mint a token with {listText((v.requiredScopes.length > 1 ? v.requiredScopes : v.missingScopes).map((s) => `“${s}”`))} in the{' '}
              <Link to="/tokens">token workshop</Link>, or switch the “Acting as” token in the header.
            </p>
          )}
        </div>
      )}
    </ErrorPanel>
  );
}
