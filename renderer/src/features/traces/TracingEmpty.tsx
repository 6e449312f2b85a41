import { EmptyState } from '../../components/ui';
import styles from './TracingEmpty.module.css';

/** No trace: what turns Agno's tracing on, so the next run writes one. */
export function TracingEmpty({ what }: { what: string }) {
  return (
    <EmptyState icon="list" title={what}>
      <div className={styles.body} data-testid="tracing-empty">
        <p>
          Agno writes a trace (<code>agno_traces</code>, <code>agno_spans</code>) for each run when tracing is on. Install the OpenTelemetry and
          OpenInference packages and turn it on for the AgentOS, with the same database as your sessions:
        </p>
        <pre className={styles.code}>{`pip install opentelemetry-api opentelemetry-sdk openinference-instrumentation-agno

agent_os = AgentOS(agents=[agent], db=db, tracing=True)
# or, without AgentOS:
from agno.tracing import setup_tracing
setup_tracing(db=db)`}</pre>
        <p>Runs made before tracing was on have no trace.</p>
      </div>
    </EmptyState>
  );
}
