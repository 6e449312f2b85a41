import type { AgnoSessionRecord } from '../server/testing/agno-builder.js';

/** Deterministic run dicts of about 5 KB, in the stored (Agno) format, for the benchmarks. */
export function makeBenchRun(sessionId: string, index: number): Record<string, unknown> {
  const created = 1_771_086_857 + index * 7;
  const filler = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
  return {
    run_id: `${sessionId}-run-${index}`,
    agent_id: 'bench-agent',
    agent_name: 'Bench Agent',
    session_id: sessionId,
    user_id: 'bench@example.com',
    content: `Answer ${index}: ${filler.slice(0, 400)}`,
    content_type: 'str',
    model: 'gpt-4o',
    model_provider: 'OpenAI',
    session_state: {},
    created_at: created,
    status: 'COMPLETED',
    metrics: { input_tokens: 1200 + index, output_tokens: 300, total_tokens: 1500 + index, duration: 2.5 },
    messages: [
      { id: `m${index}-0`, content: 'You are a helpful assistant.', from_history: false, stop_after_tool_call: false, role: 'system', created_at: created },
      { id: `m${index}-1`, content: `Question ${index}: ${filler}`, from_history: false, stop_after_tool_call: false, role: 'user', created_at: created },
      { id: `m${index}-2`, content: `Answer ${index}: ${filler}${filler}`, from_history: false, stop_after_tool_call: false, role: 'assistant', created_at: created + 2, metrics: { input_tokens: 1200, output_tokens: 300, total_tokens: 1500 } },
    ],
    input: { input_content: `Question ${index}` },
  };
}

/** One Agno-format agent session with `count` runs of about 5 KB each, for the attached-file case. */
export function makeLargeAgentSession(count: number): { session: AgnoSessionRecord; runIds: string[] } {
  const sessionId = 'bench-agno-session';
  const runs = Array.from({ length: count }, (_, i) => makeBenchRun(sessionId, i));
  return {
    session: {
      session_id: sessionId,
      session_type: 'agent',
      agent_id: 'bench-agent',
      user_id: 'bench@example.com',
      session_data: { session_name: `Load test session (${count} runs)`, session_state: {} },
      agent_data: { name: 'Bench Agent', agent_id: 'bench-agent' },
      runs,
      created_at: 1_771_086_857,
    },
    runIds: runs.map((r) => String(r.run_id)),
  };
}
