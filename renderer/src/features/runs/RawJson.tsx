import { useMemo, useState } from 'react';
import type { AnyRun } from '../../api-types/shapes';
import { CopyButton } from '../../components/Copy';
import { JsonView } from '../../components/JsonView';
import { formatCount, safeStringify, shortId } from '../../lib/format';
import { downloadText } from '../../platform/browser';
import styles from './RawJson.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

/** The run exactly as the API returned it, with wrap, download and copy. */
export function RawJson({ run }: { run: AnyRun }) {
  const text = useMemo(() => safeStringify(run, 2), [run]);
  const [wrap, setWrap] = useState(false);
  return (
    <div data-testid="raw-json">
      <div className={styles.rawBar}>
        <span className={cx(textStyles.muted, textStyles.small)}>{formatCount(text.length)} characters · as returned by GET /sessions/…/runs/{shortId(run.run_id)}</span>
        <span className={styles.rawActions}>
          <Button size="sm" onClick={() => setWrap(!wrap)}>
            {wrap ? 'No wrap' : 'Wrap'}
          </Button>
          <Button size="sm" onClick={() => downloadText(`run-${run.run_id}.json`, text)}>
            Download
          </Button>
          <CopyButton text={text} label="Copy JSON" icon />
        </span>
      </div>
      <JsonView value={text} copy={false} wrap={wrap} maxHeight="75vh" />
    </div>
  );
}
