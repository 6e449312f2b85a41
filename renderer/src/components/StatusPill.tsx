import type { Tone } from './Badge';
import badgeStyles from './Badge.module.css';
import { cx } from '../lib/cx';

/** An HTTP status as a toned pill: the code and its reason phrase. */
export function StatusPill(props: { status: number; testId?: string }) {
  const tone: Tone = props.status < 300 ? 'ok' : props.status === 401 || props.status === 403 ? 'danger' : props.status < 500 ? 'warn' : 'danger';
  const text = STATUS_TEXT[props.status] ?? '';
  return (
    <span className={cx(badgeStyles.badge, badgeStyles.badgeHttp)} data-tone={tone} data-testid={props.testId} data-status={props.status}>
      <b>{props.status}</b>
      {text ? <span>{text}</span> : null}
    </span>
  );
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable',
  500: 'Server Error',
};
