import { describeError } from '../api/describe-error';
import fieldStyles from './Field.module.css';

/** Why an action failed, in one line under the form that started it (nothing while it has not). */
export function InlineError(props: { error: unknown; testId?: string }) {
  if (props.error === null || props.error === undefined) return null;
  return (
    <p className={fieldStyles.fieldError} role="alert" data-testid={props.testId}>
      {describeError(props.error)}
    </p>
  );
}
