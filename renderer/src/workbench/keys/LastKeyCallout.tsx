import { isApiError } from '../../api/client';
import { describeError } from '../../api/describe-error';
import { Callout } from '../../components/Callout';
import layoutStyles from '../../components/layout.module.css';
import { Button } from '../../components/Button';

/** The key mutation that was refused: its error, and how to retry it confirmed. */
interface ConfirmableMutation<V extends { confirm?: boolean }> {
  error: unknown;
  isPending: boolean;
  variables: V | undefined;
  mutate: (variables: V) => void;
  reset: () => void;
}

/**
 * A refused key change. When the server refused because the key is the last one tokens can be
 * verified with (`LAST_TRUSTED_KEY`), this is the warning, with a way to go ahead anyway.
 */
export function LastKeyCallout<V extends { confirm?: boolean }>(props: { mutation: ConfirmableMutation<V>; title: string; action: string }) {
  const { error, isPending, variables, mutate, reset } = props.mutation;
  if (!isApiError(error) || error.code !== 'LAST_TRUSTED_KEY') {
    return <Callout tone="danger" title={props.title}>{describeError(error)}</Callout>;
  }
  return (
    <Callout
      tone="warn"
      title="This is the last key tokens can be verified with"
      testId="last-trusted-key-warning"
      actions={
        <span className={layoutStyles.row}>
          <Button size="sm" danger disabled={isPending} onClick={() => variables && mutate({ ...variables, confirm: true })}>
            {props.action}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => reset()}>
            Cancel
          </Button>
        </span>
      }
    >
      {error.detail}
    </Callout>
  );
}
