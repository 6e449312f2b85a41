import type { AnyRun } from '../../api-types/shapes';
import { JsonView } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { contentText, isJsonOutput, statusTone } from '../../lib/runs';
import textStyles from '../../components/text.module.css';
import styles from './OutputView.module.css';
import { cx } from '../../lib/cx';

/** Output content: Markdown text, or pretty JSON for structured output. */
export function OutputView({ run, clampLong = true }: { run: AnyRun; clampLong?: boolean }) {
  const content = run.content;
  const isError = statusTone(run.status) === 'danger';
  if (content === null || content === undefined || content === '') return <div className={cx(textStyles.muted, textStyles.small)}>No output.</div>;
  if (isJsonOutput(run)) {
    const value = typeof content === 'string' ? (JSON.parse(content) as unknown) : content;
    return <JsonView value={value} maxHeight={clampLong ? 480 : undefined} label="output" />;
  }
  const text = contentText(content);
  return (
    <div className={cx(isError ? styles.outputError : undefined)} data-testid="output">
      <Markdown text={text} />
    </div>
  );
}
