import { useState, type ReactNode } from 'react';
import { isApiError } from '../api/client';
import { cx } from '../lib/cx';
import { Icon, type IconName } from './Icon';
import { JsonView } from './JsonView';
import styles from './ErrorPanel.module.css';
import metaFieldStyles from './MetaField.module.css';
import textStyles from './text.module.css';
import { Button } from './Button';

/** A headline for a failed request, by its `error_code` (the kind of failure, never the status or text). */
export function errorTitle(err: unknown): string {
  if (!isApiError(err)) return 'Something went wrong';
  switch (err.code) {
    case 'NETWORK_ERROR':
      return 'Can’t reach the rundesk server';
    case 'BAD_REQUEST':
    case 'CORS_ORIGIN_NOT_ALLOWED':
    case 'HEADERS_TOO_LARGE':
    case 'VALIDATION_ERROR':
    case 'PAYLOAD_TOO_LARGE':
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'The request was not accepted';
    case 'UNAUTHENTICATED':
      return 'The token was not accepted';
    case 'FORBIDDEN':
      return 'This token is not allowed to do that';
    case 'NOT_FOUND':
      return 'Not found';
    case 'CONFLICT':
    case 'READ_ONLY_DATABASE':
    case 'LAST_TRUSTED_KEY':
      return 'Conflict';
    case 'REQUEST_TIMEOUT':
      return 'The request took too long';
    case 'SESSION_UNREADABLE':
      return 'The session’s stored runs could not be read';
    case 'DATABASE_BUSY':
    case 'DATABASE_UNAVAILABLE':
      return 'The database is not available';
    case 'INTERNAL_SERVER_ERROR':
    case 'CONFIG_ERROR':
    case 'NOT_IMPLEMENTED':
    case 'BAD_RESPONSE':
      return 'The server hit an error';
    default:
      return `Request failed (${err.code ?? err.status})`;
  }
}

/**
 * A failed request as a friendly message with details on demand. It fetches nothing: a feature
 * that knows more (the auth layer's verdict on a refused token) passes it in as `children`,
 * `actions` and `moreDetails`.
 */
export function ErrorPanel(props: {
  error: unknown;
  retry?: (() => void) | undefined;
  compact?: boolean;
  /** `auth`: a token the auth layer refused (a lock, in the warning tone). */
  variant?: 'error' | 'auth';
  title?: ReactNode;
  detail?: ReactNode;
  /** Shown under the detail. */
  children?: ReactNode;
  /** Shown after "Try again". */
  actions?: ReactNode;
  /** Shown inside "Details", after the request and its answer. */
  moreDetails?: ReactNode;
  testId?: string;
}) {
  const { error, retry } = props;
  const icon: IconName = props.variant === 'auth' ? 'lock' : 'alert';
  return (
    <div
      className={cx(styles.errorPanel, props.compact && styles.compact, props.variant === 'auth' && styles.authExplain)}
      role="alert"
      data-testid={props.testId}
      data-error-code={isApiError(error) ? (error.code ?? undefined) : undefined}
      data-status={isApiError(error) ? error.status : undefined}
    >
      <div className={styles.errorPanelIcon}>
        <Icon name={icon} size={18} />
      </div>
      <div className={styles.errorPanelMain}>
        <div className={styles.errorPanelTitle}>{props.title ?? errorTitle(error)}</div>
        <div className={styles.errorPanelDetail}>{props.detail ?? (isApiError(error) ? error.detail : error instanceof Error ? error.message : String(error))}</div>
        {props.children}
        <div className={styles.errorPanelActions}>
          {retry && (
            <Button size="sm" onClick={retry}>
              <Icon name="refresh" size={12} /> Try again
            </Button>
          )}
          {props.actions}
          <ErrorDetails error={error}>{props.moreDetails}</ErrorDetails>
        </div>
      </div>
    </div>
  );
}

function ErrorDetails({ error, children }: { error: unknown; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide details' : 'Details'}
      </Button>
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
