import type { AnyRun } from '../../api-types/shapes';
import { Clamp } from '../../components/Collapsible';
import { CopyButton } from '../../components/Copy';
import { MediaGallery } from '../../components/Media';
import { safeStringify } from '../../lib/format';
import { mediaCount } from '../../lib/media';
import { OutputView } from './OutputView';
import { inputMediaOf, outputMediaOf } from './run-media';
import { Card } from '../../components/Card';
import styles from './RunInputOutput.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';

/** The run's input and output side by side, each with its media and a copy button. */
export function RunInputOutput({ run }: { run: AnyRun }) {
  const inMedia = inputMediaOf(run);
  const outMedia = outputMediaOf(run);
  const input = typeof run.run_input === 'string' ? run.run_input : run.run_input == null ? '' : safeStringify(run.run_input, 2);
  return (
    <div className={styles.ioGrid}>
      <Card title="Input" bodyClassName={styles.ioBody} actions={input ? <CopyButton text={input} label="Copy input" icon /> : undefined}>
        {input ? (
          <Clamp long={input.length > 900 || input.split('\n').length > 12} lines={10}>
            <div className={cx(textStyles.textPre, styles.inputText)} data-testid="run-input">
              {input}
            </div>
          </Clamp>
        ) : (
          <div className={cx(textStyles.muted, textStyles.small)}>No input recorded.</div>
        )}
        {mediaCount(inMedia) > 0 && <MediaGallery media={inMedia} />}
      </Card>
      <Card
        title="Output"
        bodyClassName={styles.ioBody}
        actions={
          run.content !== null && run.content !== undefined ? (
            <CopyButton text={typeof run.content === 'string' ? run.content : safeStringify(run.content, 2)} label="Copy output" icon />
          ) : undefined
        }
      >
        <Clamp long={typeof run.content === 'string' && (run.content.length > 1400 || run.content.split('\n').length > 16)} lines={14}>
          <OutputView run={run} />
        </Clamp>
        {mediaCount(outMedia) > 0 && <MediaGallery media={outMedia} />}
      </Card>
    </div>
  );
}
