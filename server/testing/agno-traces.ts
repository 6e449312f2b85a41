import { connect } from '../db/connection.js';

/**
 * Adds Agno `SqliteDb`'s trace tables (`agno_traces`, `agno_spans`, their indexes, times as ISO
 * text, attributes as JSON text) to an existing Agno file and fills them with `count` generated
 * traces: an agent run span with an LLM call and a tool call under it, every tenth one failing.
 * For the benchmarks and tests that need many traces.
 */
export function addGeneratedTraces(file: string, count: number): { traceIds: string[] } {
  const handle = connect(file, { readOnly: false, wal: false });
  const traceIds: string[] = [];
  try {
    handle.exec(
      'CREATE TABLE agno_traces (trace_id VARCHAR NOT NULL PRIMARY KEY, name VARCHAR NOT NULL, status VARCHAR NOT NULL, start_time VARCHAR NOT NULL, ' +
        'end_time VARCHAR NOT NULL, duration_ms BIGINT NOT NULL, run_id VARCHAR, session_id VARCHAR, user_id VARCHAR, agent_id VARCHAR, ' +
        'team_id VARCHAR, workflow_id VARCHAR, created_at VARCHAR NOT NULL)',
    );
    for (const column of ['session_id', 'workflow_id', 'created_at', 'run_id', 'team_id', 'start_time', 'status', 'user_id', 'agent_id']) {
      handle.exec(`CREATE INDEX idx_agno_traces_${column} ON agno_traces (${column})`);
    }
    handle.exec(
      'CREATE TABLE agno_spans (span_id VARCHAR NOT NULL PRIMARY KEY, trace_id VARCHAR NOT NULL REFERENCES agno_traces (trace_id), ' +
        'parent_span_id VARCHAR, name VARCHAR NOT NULL, span_kind VARCHAR NOT NULL, status_code VARCHAR NOT NULL, status_message VARCHAR, ' +
        'start_time VARCHAR NOT NULL, end_time VARCHAR NOT NULL, duration_ms BIGINT NOT NULL, attributes JSON, created_at VARCHAR NOT NULL)',
    );
    for (const column of ['created_at', 'trace_id', 'start_time', 'parent_span_id']) handle.exec(`CREATE INDEX idx_agno_spans_${column} ON agno_spans (${column})`);
    const trace = handle.prepare('INSERT INTO agno_traces VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)');
    const span = handle.prepare('INSERT INTO agno_spans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '000+00:00');
    handle.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const id = i.toString(16).padStart(32, '0');
        const start = Date.UTC(2026, 3, 1) + i * 60_000;
        const failed = i % 10 === 9;
        const [session, user, agent, run] = [`session-${i % 500}`, `user-${i % 50}`, `agent-${i % 5}`, `run-${i}`];
        traceIds.push(id);
        trace.run(id, 'Bench_Agent.arun', failed ? 'ERROR' : 'OK', iso(start), iso(start + 2_500.5), 2_500.5, run, session, user, agent, iso(start + 1_200));
        const stem = i.toString(16).padStart(14, '0');
        const root = `${stem}a0`;
        const common = { 'session.id': session, 'user.id': user };
        span.run(root, id, null, 'Bench_Agent.arun', 'INTERNAL', failed ? 'ERROR' : 'OK', failed ? 'tool failed' : null, iso(start), iso(start + 2_500), 2_500,
          JSON.stringify({ 'openinference.span.kind': 'AGENT', 'input.value': `Question ${i}`, 'output.value': `Answer ${i}`, 'agno.agent.id': agent, 'agno.run.id': run, ...common }), iso(start + 2_500));
        span.run(`${stem}a1`, id, root, 'OpenAIChat.ainvoke', 'INTERNAL', 'OK', null, iso(start + 100), iso(start + 1_200), 1_100,
          JSON.stringify({ 'openinference.span.kind': 'LLM', 'input.value': `{"messages": [{"role": "user", "content": "Question ${i}"}]}`, 'output.value': `Answer ${i}`, 'llm.model_name': 'gpt-4o', 'llm.token_count.prompt': 1200, 'llm.token_count.completion': 300, ...common }), iso(start + 1_200));
        span.run(`${stem}a2`, id, root, 'lookup', 'INTERNAL', failed ? 'ERROR' : 'OK', failed ? 'tool failed' : null, iso(start + 1_250), iso(start + 2_400), 1_150,
          JSON.stringify({ 'openinference.span.kind': 'TOOL', 'input.value': '{"q": "x"}', 'output.value': 'ok', 'tool.name': 'lookup', 'tool.parameters': '{"q": "x"}', ...common }), iso(start + 2_400));
      }
    })();
  } finally {
    handle.close();
  }
  return { traceIds };
}
