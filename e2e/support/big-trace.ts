import Database from 'better-sqlite3';

/**
 * Adds one trace of `spans` spans to an Agno file, as Agno's tracing writes them: a team root,
 * 50 member agents under delegation tool calls, each with alternating model and tool calls.
 * Returns the trace id. For the waterfall's performance journey (a 5,000-span trace).
 */
export function addBigTrace(file: string, spans: number): string {
  const traceId = 'b16b16b16b16b16b16b16b16b16b16b1';
  const t0 = Date.parse('2026-04-06T09:00:00.000Z');
  const iso = (ms: number) => new Date(t0 + ms).toISOString().replace('Z', '+00:00');
  const db = new Database(file);
  const insert = db.prepare(
    `INSERT INTO agno_spans (span_id, trace_id, parent_span_id, name, span_kind, status_code, status_message, start_time, end_time, duration_ms, attributes, created_at)
     VALUES (?, ?, ?, ?, 'INTERNAL', ?, NULL, ?, ?, ?, ?, ?)`,
  );
  const hex = (n: number) => n.toString(16).padStart(16, '0');
  let next = 0;
  const add = (parent: string | null, name: string, attrs: Record<string, unknown>, start: number, end: number, status = 'OK') => {
    const id = hex(++next);
    insert.run(id, traceId, parent, name, status, iso(start), iso(end), end - start, JSON.stringify(attrs), iso(end));
    return id;
  };
  const members = 50;
  const perMember = Math.floor((spans - 1 - members * 2) / members);
  const total = members * (perMember * 100 + 200);
  db.prepare(
    `INSERT INTO agno_traces (trace_id, name, status, start_time, end_time, duration_ms, run_id, session_id, user_id, agent_id, team_id, workflow_id, created_at)
     VALUES (?, 'Big_Team.arun', 'OK', ?, ?, ?, 'big-run', 'big-session', 'perf', NULL, 'big-team', NULL, ?)`,
  ).run(traceId, iso(0), iso(total + 100), total + 100, iso(total + 100));
  db.transaction(() => {
    const root = add(null, 'Big_Team.arun', { 'openinference.span.kind': 'AGENT', 'agno.team.id': 'big-team', 'agno.run.id': 'big-run', 'input.value': 'A very large run' }, 0, total + 100);
    let at = 50;
    for (let m = 0; m < members; m++) {
      const end = at + perMember * 100 + 150;
      const delegation = add(root, 'delegate_task_to_member', { 'openinference.span.kind': 'TOOL', 'tool.name': 'delegate_task_to_member', 'tool.parameters': `{"member_id":"m${m}"}` }, at, end);
      const agent = add(delegation, `Member_${m}.arun`, { 'openinference.span.kind': 'AGENT', 'agno.agent.id': `member-${m}` }, at + 5, end - 5);
      for (let i = 0; i < perMember; i++) {
        const s = at + 10 + i * 100;
        if (i % 2 === 0) add(agent, 'OpenAIChat.ainvoke_stream', { 'openinference.span.kind': 'LLM', 'llm.model_name': 'gpt-4o', 'llm.token_count.prompt': 1000 + i, 'llm.token_count.completion': 50 + m }, s, s + 90);
        else add(agent, 'lookup', { 'openinference.span.kind': 'TOOL', 'tool.name': 'lookup', 'tool.parameters': `{"i":${i}}`, 'output.value': 'ok' }, s, s + 60, i % 97 === 1 ? 'ERROR' : 'OK');
      }
      at = end + 50;
    }
  })();
  const count = next;
  db.close();
  if (count < spans - members) throw new Error(`built ${count} spans`);
  return traceId;
}
