import type { SessionStore, SessionType, StoredRun } from '../../db/types.js';

/**
 * A realistic demo set for the default database: agent, team and workflow sessions with
 * messages, tool calls, reasoning, events, metrics, an error run and an image input, in the
 * stored (Agno `to_dict`) shape. Ids are fixed so loading twice upserts instead of
 * duplicating; timestamps are relative to `now` so the run browser shows recent activity.
 */

/** The user most demo sessions belong to; minted tokens default to it. */
export const DEMO_USER = 'demo-user';
export const DEMO_SESSION_ID = 'demo-agent-weather';
export const DEMO_RUN_ID = 'demo-run-weather-1';
/** A run endpoint path that exists once the demo set is loaded (used in curl examples). */
export const DEMO_RUN_PATH = `/sessions/${DEMO_SESSION_ID}/runs/${DEMO_RUN_ID}`;

export interface DemoRun {
  sessionId: string;
  type: SessionType;
  userId: string | null;
  run: StoredRun;
}

function msg(
  at: number,
  id: string,
  role: 'system' | 'user' | 'assistant' | 'tool',
  fields: Record<string, unknown>,
): Record<string, unknown> {
  // Agno key order: id, content…, from_history, stop_after_tool_call, role, …, created_at.
  const { content, ...rest } = fields;
  return {
    id,
    ...(content === undefined ? {} : { content }),
    from_history: false,
    stop_after_tool_call: false,
    role,
    ...rest,
    created_at: at,
  };
}

function toolCall(at: number, callId: string, name: string, args: Record<string, unknown>, result: string, duration: number) {
  return {
    tool_call_id: callId,
    tool_name: name,
    tool_args: args,
    tool_call_error: false,
    result,
    metrics: { start_time: at + 0.12, end_time: at + 0.12 + duration, duration },
    child_run_id: null,
    stop_after_tool_call: false,
    created_at: at,
    requires_confirmation: null,
    confirmed: null,
    confirmation_note: null,
    requires_user_input: null,
    user_input_schema: null,
    answered: null,
    external_execution_required: null,
  };
}

function event(at: number, name: string, runId: string, sessionId: string, extra: Record<string, unknown> = {}) {
  return {
    created_at: at,
    event: name,
    agent_id: 'weather-agent',
    agent_name: 'Weather Agent',
    run_id: runId,
    session_id: sessionId,
    nested_depth: 0,
    ...extra,
  };
}

const model = (id: string, provider: string) => ({ model: id, model_provider: provider });

function weatherRuns(now: number): DemoRun[] {
  const sid = DEMO_SESSION_ID;
  const t1 = now - 3 * 3600;
  const t2 = now - 2 * 3600;
  const t3 = now - 40 * 60;
  const weatherResult = JSON.stringify({ city: 'Lisbon', temperature_c: 21, condition: 'partly cloudy', wind_kph: 14, humidity: 0.61 });
  const run1: StoredRun = {
    run_id: DEMO_RUN_ID,
    agent_id: 'weather-agent',
    agent_name: 'Weather Agent',
    session_id: sid,
    user_id: DEMO_USER,
    content: 'It is 21 °C and partly cloudy in Lisbon right now, with a light breeze (14 km/h). A light jacket is enough for this evening.',
    content_type: 'str',
    ...model('gpt-4o', 'OpenAI'),
    session_state: {},
    created_at: t1,
    status: 'COMPLETED',
    metrics: {
      input_tokens: 412,
      output_tokens: 58,
      total_tokens: 470,
      time_to_first_token: 0.48,
      duration: 2.91,
      details: { model: [{ input_tokens: 412, output_tokens: 58, total_tokens: 470, id: 'gpt-4o', provider: 'OpenAI' }] },
    },
    events: [
      event(t1, 'RunStarted', DEMO_RUN_ID, sid, model('gpt-4o', 'OpenAI')),
      event(t1 + 1, 'ToolCallStarted', DEMO_RUN_ID, sid, {
        tool: { tool_call_id: 'call_demo_w1', tool_name: 'get_current_weather', tool_args: { city: 'Lisbon' } },
      }),
      event(t1 + 1, 'ToolCallCompleted', DEMO_RUN_ID, sid, {
        content: weatherResult,
        tool: { tool_call_id: 'call_demo_w1', tool_name: 'get_current_weather', tool_args: { city: 'Lisbon' }, result: weatherResult },
      }),
      event(t1 + 3, 'RunCompleted', DEMO_RUN_ID, sid, { content: 'It is 21 °C and partly cloudy in Lisbon right now…', content_type: 'str' }),
    ],
    messages: [
      msg(t1, 'msg-w1-sys', 'system', { content: 'You are a concise weather assistant. Use the tools for live data and give practical advice.' }),
      msg(t1, 'msg-w1-user', 'user', { content: 'What is the weather in Lisbon right now? Do I need a jacket tonight?' }),
      msg(t1 + 1, 'msg-w1-call', 'assistant', {
        tool_calls: [{ id: 'call_demo_w1', function: { arguments: '{"city": "Lisbon"}', name: 'get_current_weather' }, type: 'function' }],
        metrics: { input_tokens: 198, output_tokens: 17, total_tokens: 215, duration: 0.9 },
      }),
      msg(t1 + 1, 'msg-w1-tool', 'tool', {
        content: weatherResult,
        tool_call_id: 'call_demo_w1',
        tool_name: 'get_current_weather',
        tool_args: { city: 'Lisbon' },
        tool_call_error: false,
      }),
      msg(t1 + 3, 'msg-w1-answer', 'assistant', {
        content: 'It is 21 °C and partly cloudy in Lisbon right now, with a light breeze (14 km/h). A light jacket is enough for this evening.',
        metrics: { input_tokens: 214, output_tokens: 41, total_tokens: 255, time_to_first_token: 0.48, duration: 1.7 },
      }),
    ],
    tools: [toolCall(t1 + 1, 'call_demo_w1', 'get_current_weather', { city: 'Lisbon' }, weatherResult, 0.34)],
    input: { input_content: 'What is the weather in Lisbon right now? Do I need a jacket tonight?' },
  };
  const run2: StoredRun = {
    run_id: 'demo-run-weather-2',
    agent_id: 'weather-agent',
    agent_name: 'Weather Agent',
    session_id: sid,
    user_id: DEMO_USER,
    content: 'The photo shows cumulonimbus clouds building over the river: expect a short thunderstorm within the hour.',
    content_type: 'str',
    ...model('gpt-4o', 'OpenAI'),
    session_state: {},
    created_at: t2,
    status: 'COMPLETED',
    metrics: {
      input_tokens: 1290,
      output_tokens: 36,
      total_tokens: 1326,
      duration: 3.42,
      details: { model: [{ input_tokens: 1290, output_tokens: 36, total_tokens: 1326, id: 'gpt-4o', provider: 'OpenAI' }] },
    },
    events: [],
    messages: [
      msg(t2, 'msg-w2-user', 'user', {
        content: 'Here is the sky over the Tagus. Will it rain soon?',
        images: [{ id: 'img-demo-sky', url: 'https://images.example.com/demo/tagus-sky.jpg', mime_type: 'image/jpeg', alt_text: 'Dark clouds over a river' }],
      }),
      msg(t2 + 3, 'msg-w2-answer', 'assistant', {
        content: 'The photo shows cumulonimbus clouds building over the river: expect a short thunderstorm within the hour.',
        metrics: { input_tokens: 1290, output_tokens: 36, total_tokens: 1326, duration: 3.4 },
      }),
    ],
    input: {
      input_content: 'Here is the sky over the Tagus. Will it rain soon?',
      images: [{ id: 'img-demo-sky', url: 'https://images.example.com/demo/tagus-sky.jpg', mime_type: 'image/jpeg', alt_text: 'Dark clouds over a river' }],
    },
  };
  const run3: StoredRun = {
    run_id: 'demo-run-weather-error',
    agent_id: 'weather-agent',
    agent_name: 'Weather Agent',
    session_id: sid,
    user_id: DEMO_USER,
    content: 'Error code: 429 - Rate limit reached for gpt-4o. Please try again in 20s.',
    content_type: 'str',
    ...model('gpt-4o', 'OpenAI'),
    session_state: {},
    created_at: t3,
    status: 'ERROR',
    metrics: { duration: 0.41 },
    events: [
      event(t3, 'RunStarted', 'demo-run-weather-error', sid, model('gpt-4o', 'OpenAI')),
      event(t3, 'RunError', 'demo-run-weather-error', sid, {
        content: 'Error code: 429 - Rate limit reached for gpt-4o. Please try again in 20s.',
        error_type: 'model_provider_error',
      }),
    ],
    messages: [msg(t3, 'msg-w3-user', 'user', { content: 'And the forecast for Porto this weekend?' })],
    input: { input_content: 'And the forecast for Porto this weekend?' },
  };
  return [run1, run2, run3].map((run) => ({ sessionId: sid, type: 'agent', userId: DEMO_USER, run }));
}

function financeRun(now: number): DemoRun {
  const sid = 'demo-agent-finance';
  const t = now - 26 * 3600;
  const reasoning = [
    { title: 'Collect the figures', action: 'Look up Q2 revenue and margins', result: 'Revenue 4.2 B EUR (+8% y/y), operating margin 17.5%', reasoning: 'The question is about the quarterly trend, so the latest two quarters are needed.', next_action: 'continue', confidence: 0.86 },
    { title: 'Compare with guidance', action: 'Check the company guidance', result: 'Guidance was +6–7%; results beat it', reasoning: 'A beat against guidance explains the positive market reaction.', next_action: 'final_answer', confidence: 0.9 },
  ];
  return {
    sessionId: sid,
    type: 'agent',
    userId: DEMO_USER,
    run: {
      run_id: 'demo-run-finance-1',
      agent_id: 'finance-researcher',
      agent_name: 'Finance Researcher',
      session_id: sid,
      user_id: DEMO_USER,
      content: 'Q2 revenue grew 8% year on year to 4.2 B EUR, beating the 6–7% guidance; the operating margin held at 17.5%.',
      content_type: 'str',
      reasoning_content: reasoning.map((s) => `## ${s.title}\n${s.reasoning}\nAction: ${s.action}\nResult: ${s.result}\n\n`).join(''),
      ...model('claude-sonnet-4', 'Anthropic'),
      session_state: { watchlist: ['EXMPL'] },
      created_at: t,
      status: 'COMPLETED',
      metrics: {
        input_tokens: 3824,
        output_tokens: 427,
        total_tokens: 4251,
        reasoning_tokens: 812,
        time_to_first_token: 0.55,
        duration: 16.49,
        details: { model: [{ input_tokens: 3824, output_tokens: 427, total_tokens: 4251, id: 'claude-sonnet-4', provider: 'Anthropic' }] },
      },
      events: [],
      messages: [
        msg(t, 'msg-f1-user', 'user', {
          content: 'Summarise Example Corp Q2 results against guidance.',
          references: { query: 'Example Corp Q2 results', references: [{ title: 'Q2 report', page: 3 }], time: 0.21 },
        }),
        msg(t + 16, 'msg-f1-answer', 'assistant', {
          content: 'Q2 revenue grew 8% year on year to 4.2 B EUR, beating the 6–7% guidance; the operating margin held at 17.5%.',
          metrics: { input_tokens: 3824, output_tokens: 427, total_tokens: 4251, duration: 16.4 },
        }),
      ],
      reasoning_steps: reasoning,
      references: [{ query: 'Example Corp Q2 results', references: [{ title: 'Q2 report', page: 3 }], time: 0.21 }],
      citations: {
        search_queries: ['Example Corp Q2 2025 results'],
        urls: [{ url: 'https://investors.example.com/q2-report', title: 'Example Corp — Q2 report' }],
      },
      input: { input_content: 'Summarise Example Corp Q2 results against guidance.' },
    },
  };
}

function teamRuns(now: number): DemoRun[] {
  const sid = 'demo-team-research';
  const t = now - 5 * 3600;
  const member: StoredRun = {
    run_id: 'demo-run-team-member-1',
    agent_id: 'news-scout',
    agent_name: 'News Scout',
    session_id: sid,
    parent_run_id: 'demo-run-team-1',
    user_id: DEMO_USER,
    content: 'Three articles this week mention heat waves in southern Europe affecting energy prices.',
    content_type: 'str',
    ...model('gpt-4o-mini', 'OpenAI'),
    created_at: t + 2,
    status: 'COMPLETED',
    metrics: { input_tokens: 640, output_tokens: 52, total_tokens: 692, duration: 2.2 },
    messages: [
      msg(t + 2, 'msg-tm1-user', 'user', { content: 'Find this week\'s news about weather and energy prices.' }),
      msg(t + 4, 'msg-tm1-answer', 'assistant', { content: 'Three articles this week mention heat waves in southern Europe affecting energy prices.' }),
    ],
    input: { input_content: 'Find this week\'s news about weather and energy prices.' },
  };
  const team: StoredRun = {
    run_id: 'demo-run-team-1',
    team_id: 'research-team',
    team_name: 'Research Team',
    session_id: sid,
    user_id: DEMO_USER,
    input: { input_content: 'How is the weather affecting energy prices this week?' },
    content: 'Heat waves in southern Europe raised power demand for cooling; day-ahead prices rose about 12% week on week.',
    content_type: 'str',
    ...model('gpt-4o', 'OpenAI'),
    member_responses: [],
    session_state: {},
    created_at: t,
    events: [],
    metrics: { input_tokens: 1520, output_tokens: 96, total_tokens: 1616, duration: 7.8 },
    status: 'COMPLETED',
    messages: [
      msg(t, 'msg-t1-user', 'user', { content: 'How is the weather affecting energy prices this week?' }),
      msg(t + 1, 'msg-t1-delegate', 'assistant', {
        tool_calls: [{ id: 'call_demo_t1', function: { arguments: '{"member_id": "news-scout", "task": "Find this week\'s news about weather and energy prices."}', name: 'delegate_task_to_member' }, type: 'function' }],
      }),
      msg(t + 5, 'msg-t1-tool', 'tool', {
        content: 'Three articles this week mention heat waves in southern Europe affecting energy prices.',
        tool_call_id: 'call_demo_t1',
        tool_name: 'delegate_task_to_member',
        tool_args: { member_id: 'news-scout', task: 'Find this week\'s news about weather and energy prices.' },
        tool_call_error: false,
      }),
      msg(t + 8, 'msg-t1-answer', 'assistant', {
        content: 'Heat waves in southern Europe raised power demand for cooling; day-ahead prices rose about 12% week on week.',
      }),
    ],
    tools: [
      {
        ...toolCall(t + 1, 'call_demo_t1', 'delegate_task_to_member', { member_id: 'news-scout', task: 'Find this week\'s news about weather and energy prices.' }, 'Three articles this week mention heat waves in southern Europe affecting energy prices.', 4.1),
        child_run_id: 'demo-run-team-member-1',
      },
    ],
  };
  // Agno stores the member run as its own entry before the team run.
  return [member, team].map((run) => ({ sessionId: sid, type: 'team', userId: DEMO_USER, run }));
}

function workflowRun(now: number): DemoRun {
  const sid = 'demo-workflow-report';
  const t = now - 9 * 3600;
  const stepMetrics = { input_tokens: 900, output_tokens: 120, total_tokens: 1020, duration: 4.1 };
  return {
    sessionId: sid,
    type: 'workflow',
    userId: DEMO_USER,
    run: {
      input: 'Weekly weather-and-markets brief for Lisbon',
      content: '## Weekly brief\nSunny and warm (24–28 °C). Energy prices up 12%; tourism bookings steady.',
      content_type: 'str',
      workflow_id: 'market-report',
      workflow_name: 'Market Report',
      run_id: 'demo-run-workflow-1',
      session_id: sid,
      user_id: DEMO_USER,
      created_at: t,
      status: 'COMPLETED',
      step_results: [
        { content: 'Sunny and warm (24–28 °C) all week.', step_name: 'forecast', step_id: 'step-forecast', step_type: 'Step', executor_type: 'agent', executor_name: 'Weather Agent', step_run_id: 'demo-run-wf-step-1', images: null, videos: null, audio: null, files: null, metrics: stepMetrics, success: true, error: null, stop: false, is_paused: false },
        { content: '## Weekly brief\nSunny and warm (24–28 °C). Energy prices up 12%; tourism bookings steady.', step_name: 'write_brief', step_id: 'step-brief', step_type: 'Step', executor_type: 'agent', executor_name: 'Writer', step_run_id: 'demo-run-wf-step-2', images: null, videos: null, audio: null, files: null, metrics: stepMetrics, success: true, error: null, stop: false, is_paused: false },
      ],
      step_executor_runs: [
        { run_id: 'demo-run-wf-step-1', agent_id: 'weather-agent', agent_name: 'Weather Agent', session_id: sid, parent_run_id: 'demo-run-workflow-1', content: 'Sunny and warm (24–28 °C) all week.', content_type: 'str', created_at: t + 1, status: 'COMPLETED', workflow_step_id: 'step-forecast', metrics: stepMetrics },
        { run_id: 'demo-run-wf-step-2', agent_id: 'writer', agent_name: 'Writer', session_id: sid, parent_run_id: 'demo-run-workflow-1', content: '## Weekly brief…', content_type: 'str', created_at: t + 6, status: 'COMPLETED', workflow_step_id: 'step-brief', metrics: stepMetrics },
      ],
      metrics: {
        steps: {
          forecast: { step_name: 'forecast', executor_type: 'agent', executor_name: 'Weather Agent', metrics: stepMetrics },
          write_brief: { step_name: 'write_brief', executor_type: 'agent', executor_name: 'Writer', metrics: stepMetrics },
        },
        duration: 9.3,
      },
      events: [
        { created_at: t, event: 'WorkflowStarted', workflow_id: 'market-report', workflow_name: 'Market Report', session_id: sid, run_id: 'demo-run-workflow-1', step_id: null, parent_step_id: null, nested_depth: 0 },
        { created_at: t + 9, event: 'WorkflowCompleted', workflow_id: 'market-report', workflow_name: 'Market Report', session_id: sid, run_id: 'demo-run-workflow-1', step_id: null, parent_step_id: null, nested_depth: 0, content: '## Weekly brief…', content_type: 'str' },
      ],
    },
  };
}

function otherUserRun(now: number): DemoRun {
  const sid = 'demo-agent-other-user';
  const t = now - 50 * 3600;
  return {
    sessionId: sid,
    type: 'agent',
    userId: 'other-user',
    run: {
      run_id: 'demo-run-other-1',
      agent_id: 'weather-agent',
      agent_name: 'Weather Agent',
      session_id: sid,
      user_id: 'other-user',
      content: 'Oslo: 4 °C, light snow. Wear boots.',
      content_type: 'str',
      ...model('gpt-4o', 'OpenAI'),
      created_at: t,
      status: 'COMPLETED',
      metrics: { input_tokens: 180, output_tokens: 12, total_tokens: 192, duration: 1.1 },
      messages: [
        msg(t, 'msg-o1-user', 'user', { content: 'Weather in Oslo?' }),
        msg(t + 1, 'msg-o1-answer', 'assistant', { content: 'Oslo: 4 °C, light snow. Wear boots.' }),
      ],
      input: { input_content: 'Weather in Oslo?' },
    },
  };
}

/** Every demo run, in insertion order (a team's member run before its team run). */
export function demoRuns(nowSeconds: number): DemoRun[] {
  const now = Math.floor(nowSeconds);
  return [...weatherRuns(now), financeRun(now), ...teamRuns(now), workflowRun(now), otherUserRun(now)];
}

export interface SampleDataResult {
  sessions: number;
  runs: number;
  created_sessions: number;
  created_runs: number;
  session_ids: string[];
}

/** Upserts the demo set; loading it again updates the same rows. */
export async function loadSampleData(store: SessionStore, nowSeconds: number): Promise<SampleDataResult> {
  const runs = demoRuns(nowSeconds);
  let createdSessions = 0;
  let createdRuns = 0;
  for (const r of runs) {
    const result = await store.upsertRun({ sessionId: r.sessionId, type: r.type, run: r.run, userId: r.userId });
    if (result.sessionCreated) createdSessions += 1;
    if (result.runCreated) createdRuns += 1;
  }
  const sessionIds = [...new Set(runs.map((r) => r.sessionId))];
  return { sessions: sessionIds.length, runs: runs.length, created_sessions: createdSessions, created_runs: createdRuns, session_ids: sessionIds };
}
