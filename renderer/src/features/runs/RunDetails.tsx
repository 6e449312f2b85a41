import type { AnyRun } from '../../api-types/shapes';
import { Collapsible } from '../../components/Collapsible';
import { JsonView } from '../../components/JsonView';
import { isEmptyValue } from '../../lib/empty';
import { formatCount } from '../../lib/format';
import { Card } from '../../components/Card';
import metaFieldStyles from '../../components/MetaField.module.css';
import textStyles from '../../components/text.module.css';

/** Side card: response format, content type, status, message count and the final session state. */
export function RunDetails({ run }: { run: AnyRun }) {
  const rows: [string, unknown][] = [
    ['Response format', (run as { run_response_format?: unknown }).run_response_format],
    ['Content type', (run as { content_type?: unknown }).content_type],
    ['Status', run.status],
  ];
  const shown = rows.filter(([, v]) => typeof v === 'string' && v);
  const messages = (run as { messages?: unknown }).messages;
  return (
    <Card title="Details">
      <dl className={metaFieldStyles.kv}>
        {shown.map(([k, v]) => (
          <div key={k} className={metaFieldStyles.kvRow}>
            <dt>{k}</dt>
            <dd className={textStyles.mono}>{String(v)}</dd>
          </div>
        ))}
        {Array.isArray(messages) && (
          <div className={metaFieldStyles.kvRow}>
            <dt>Messages</dt>
            <dd>{formatCount(messages.length)}</dd>
          </div>
        )}
      </dl>
      {!isEmptyValue((run as { session_state?: unknown }).session_state) ? (
        <Collapsible title="Session state at end of run">
          <JsonView value={(run as { session_state?: unknown }).session_state} maxHeight={300} />
        </Collapsible>
      ) : null}
    </Card>
  );
}
