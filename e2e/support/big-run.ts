/** An agent run in Agno's stored format with `n` messages: tool-call rounds and Markdown answers. */
export function bigRun(n: number) {
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  const messages: Record<string, unknown>[] = [
    { id: 'm0', role: 'system', content: 'You are a meticulous research agent.\n'.repeat(12), from_history: false, created_at: t0 },
    { id: 'm1', role: 'user', content: 'Survey 600 cities and report the weather in each.', from_history: false, created_at: t0 },
  ];
  let i = 2;
  let call = 0;
  while (messages.length < n) {
    const kind = messages.length % 3;
    if (kind === 2) {
      call += 1;
      messages.push({
        id: `m${i}`,
        role: 'assistant',
        tool_calls: [{ id: `call_${call}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: `City ${call}`, units: 'metric', days: (call % 5) + 1 }) } }],
        metrics: { input_tokens: 1000 + call, output_tokens: 20, total_tokens: 1020 + call, duration: 0.4 },
        created_at: t0 + i,
      });
    } else if (kind === 0) {
      messages.push({
        id: `m${i}`,
        role: 'tool',
        content: JSON.stringify({ city: `City ${call}`, temperature_c: (call * 7) % 35, condition: call % 2 ? 'sunny' : 'overcast', forecast: Array.from({ length: (call % 5) + 1 }, (_, d) => ({ day: d, high: 20 + d, low: 10 + d })) }),
        tool_call_id: `call_${call}`,
        tool_name: 'get_weather',
        tool_args: { city: `City ${call}` },
        tool_call_error: call % 97 === 0,
        created_at: t0 + i,
      });
    } else {
      messages.push({
        id: `m${i}`,
        role: 'assistant',
        content: `### City ${call}\n\nIt is **${(call * 7) % 35} °C** and ${call % 2 ? 'sunny' : 'overcast'}.\n\n- wind: ${call % 30} km/h\n- humidity: ${(call * 13) % 100}%\n${call % 10 === 0 ? '\n' + 'A longer paragraph about the regional climate and what to pack. '.repeat(8) : ''}`,
        metrics: { input_tokens: 1100 + call, output_tokens: 60, total_tokens: 1160 + call, duration: 0.9 },
        created_at: t0 + i,
      });
    }
    i += 1;
  }
  return {
    run_id: 'big-run-1',
    agent_id: 'survey-agent',
    agent_name: 'Survey Agent',
    session_id: 'big-session',
    user_id: 'perf-user',
    status: 'COMPLETED',
    content: 'Surveyed 600 cities.',
    content_type: 'str',
    created_at: t0,
    model: 'gpt-4o',
    model_provider: 'OpenAI',
    input: { input_content: 'Survey 600 cities and report the weather in each.' },
    metrics: { input_tokens: 1_234_567, output_tokens: 54_321, total_tokens: 1_288_888, time_to_first_token: 0.6, duration: 512.3 },
    messages,
  };
}
