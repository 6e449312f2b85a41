import { isApiError } from '../../api/client';
import { describeError } from '../errors';
import { Callout } from '../../components/Callout';

/**
 * A refused key change. When the server refused because the key is the last one tokens can be
 * verified with (`LAST_TRUSTED_KEY`), this is the warning, with a way to go ahead anyway.
 */
export function LastKeyCallout(props: { error: unknown; title: string; action: string; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  if (!isApiError(props.error) || props.error.code !== 'LAST_TRUSTED_KEY') {
    return <Callout tone="danger" title={props.title}>{describeError(props.error)}</Callout>;
  }
  return (
    <Callout
      tone="warn"
      title="This is the last key tokens can be verified with"
      testId="last-trusted-key-warning"
      actions={
        <span className="wb-row">
          <button type="button" className="btn btn-sm btn-danger" disabled={props.pending} onClick={props.onConfirm}>
            {props.action}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={props.onCancel}>
            Cancel
          </button>
        </span>
      }
    >
      {props.error.detail}
    </Callout>
  );
}
