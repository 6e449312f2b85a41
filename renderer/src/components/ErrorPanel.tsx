import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, isApiError } from '../api/client';
import { deskQueries } from '../api/desk/queries';
import { formatDateTime, listText } from '../lib/format';
import { useActingAs } from '../auth/acting-as';
import { readVerdict } from '../lib/verdict';
import { Badge } from './Badge';
import { Icon } from './Icon';
import { JsonView } from './JsonView';
import { ScopeChip } from './ScopeChip';
import styles from './ErrorPanel.module.css';
import buttonStyles from './Button.module.css';
import metaFieldStyles from './MetaField.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

function friendlyTitle(err: unknown): string {
  if (!isApiError(err)) return 'Something went wrong';
  switch (err.status) {
    case 0:
      return 'Can’t reach the rundesk server';
    case 400:
    case 422:
      return 'The request was not accepted';
    case 401:
      return 'The token was not accepted';
    case 403:
      return 'This token is not allowed to do that';
    case 404:
      return 'Not found';
    case 409:
      return 'Conflict';
    default:
      return err.status >= 500 ? 'The server hit an error' : `Request failed (${err.status})`;
  }
}

/**
 * A failed request as a friendly message with details on demand. 401/403 from the platform
 * API are explained by the auth layer itself (`/desk/inspect`) — never a blank page.
 */
export function ErrorPanel({ error, retry, compact }: { error: unknown; retry?: () => void; compact?: boolean }) {
  if (isApiError(error) && error.isAuthError && error.token) return <AuthExplain error={error} retry={retry} />;
  return (
    <div className={cx(styles.errorPanel, compact ? styles.compact : undefined)} role="alert">
      <div className={styles.errorPanelIcon}>
        <Icon name="alert" size={18} />
      </div>
      <div className={styles.errorPanelMain}>
        <div className={styles.errorPanelTitle}>{friendlyTitle(error)}</div>
        <div className={styles.errorPanelDetail}>{isApiError(error) ? error.detail : error instanceof Error ? error.message : String(error)}</div>
        <div className={styles.errorPanelActions}>
          {retry && (
            <button type="button" className={cx(buttonStyles.btn, buttonStyles.btnSm)} onClick={retry}>
              <Icon name="refresh" size={12} /> Try again
            </button>
          )}
          <ErrorDetails error={error} />
        </div>
      </div>
    </div>
  );
}

function ErrorDetails({ error, children }: { error: unknown; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonStyles.linkBtn} onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide details' : 'Details'}
      </button>
      {open && (
        <div className={styles.errorDetails}>
          {isApiError(error) ? (
            <dl className={metaFieldStyles.kv}>
              <dt>Request</dt>
              <dd className={textStyles.mono}>
                {error.method} {error.url}
              </dd>
              <dt>Status</dt>
              <dd className={textStyles.mono}>{error.status || 'no response'}</dd>
              {error.code && (
                <>
                  <dt>error_code</dt>
                  <dd className={textStyles.mono}>{error.code}</dd>
                </>
              )}
              {error.body !== undefined && error.body !== null && (
                <>
                  <dt>Body</dt>
                  <dd>
                    <JsonView value={error.body} />
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <pre className={textStyles.code}>{error instanceof Error ? (error.stack ?? error.message) : String(error)}</pre>
          )}
          {children}
        </div>
      )}
    </>
  );
}

/** Why the auth layer refused the acting-as token: the `/desk/inspect` verdict for the same request. */
export function AuthExplain({ error, retry }: { error: ApiError; retry?: (() => void) | undefined }) {
  const token = error.token ?? '';
  const inspect = useQuery({ ...deskQueries.inspect({ token, method: error.method, path: error.path }), staleTime: 10_000 });
  const v = readVerdict(inspect.data);
  const status = error.status;
  const { current, setCurrent } = useActingAs();
  return (
    <div className={cx(styles.errorPanel, styles.authExplain)} role="alert" data-testid="auth-explain" data-status={status}>
      <div className={styles.errorPanelIcon}>
        <Icon name="lock" size={18} />
      </div>
      <div className={styles.errorPanelMain}>
        <div className={styles.errorPanelTitle}>
          {friendlyTitle(error)} <Badge tone="danger">{status}</Badge>
        </div>
        <div className={styles.errorPanelDetail}>
          <span className={textStyles.mono}>
            {error.method} {error.path}
          </span>{' '}
          was refused: {error.detail}
        </div>
        {current && (
          <p className={undefined} data-testid="lens-note">
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
                  <dt>Required</dt>
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
                  v.tokenScopes.map((s) => (
                    <ScopeChip key={s} scope={s} state="held" />
                  ))
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
                Mint a token with {listText(v.missingScopes.map((s) => `“${s}”`))} in the{' '}
                <Link to="/tokens">token workshop</Link>, or switch the “Acting as” token in the header.
              </p>
            )}
          </div>
        )}
        <div className={styles.errorPanelActions}>
          {retry && (
            <button type="button" className={cx(buttonStyles.btn, buttonStyles.btnSm)} onClick={retry}>
              <Icon name="refresh" size={12} /> Try again
            </button>
          )}
          {current && (
            <button type="button" className={cx(buttonStyles.btn, buttonStyles.btnSm, buttonStyles.btnPrimary)} onClick={() => setCurrent(null)} data-testid="back-to-desk-view">
              <Icon name="database" size={12} /> Back to the desk view
            </button>
          )}
          <Link className={cx(buttonStyles.btn, buttonStyles.btnSm)} to="/tokens">
            <Icon name="key" size={12} /> Token workshop
          </Link>
          <ErrorDetails error={error}>{inspect.data && <JsonView value={inspect.data} label="verdict" maxHeight={320} />}</ErrorDetails>
        </div>
      </div>
    </div>
  );
}
