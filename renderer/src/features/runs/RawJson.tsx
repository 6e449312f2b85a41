import { useMemo, useState } from 'react';
import type { AnyRun } from '../../api/types';
import { CopyButton } from '../../components/Copy';
import { JsonView } from '../../components/JsonView';
import { formatCount, safeStringify, shortId } from '../../lib/format';
import { downloadText } from '../../platform/browser';

/** The run exactly as the API returned it, with wrap, download and copy. */
export function RawJson({ run }: { run: AnyRun }) {
  const text = useMemo(() => safeStringify(run, 2), [run]);
  const [wrap, setWrap] = useState(false);
  return (
    <div className="raw-json" data-testid="raw-json">
      <div className="raw-bar">
        <span className="muted small">{formatCount(text.length)} characters · as returned by GET /sessions/…/runs/{shortId(run.run_id)}</span>
        <span className="raw-actions">
          <button type="button" className="btn btn-sm" onClick={() => setWrap(!wrap)}>
            {wrap ? 'No wrap' : 'Wrap'}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => downloadText(`run-${run.run_id}.json`, text)}>
            Download
          </button>
          <CopyButton text={text} label="Copy JSON" icon />
        </span>
      </div>
      <JsonView value={text} copy={false} className={wrap ? 'wrap' : ''} maxHeight="75vh" />
    </div>
  );
}
