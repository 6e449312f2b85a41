import { createHash } from 'node:crypto';

import type { StoredRun } from '../db/types.js';

/**
 * Factories for realistic agno run dicts, keys in the order agno's
 * `to_dict` methods write them: messages, tool calls, events, metrics, reasoning, media.
 * Deterministic: ids derive from a seed, times from the given `createdAt`.
 */

type Json = Record<string, unknown>;

/** A uuid4-looking id derived from `seed`, so fixtures are stable across runs. */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface ModelRef {
  id: string;
  provider: string;
  /** The agno model class name, e.g. `OpenAIChat`, `Claude`. */
  name: string;
}

export const GPT_4O: ModelRef = { id: 'gpt-4o', provider: 'OpenAI', name: 'OpenAIChat' };
export const CLAUDE: ModelRef = { id: 'claude-sonnet-4-5-20250929', provider: 'Anthropic', name: 'Claude' };

export interface ToolCallSpec {
  name: string;
  args: Json;
  result: string;
  /** Run id of an agent/team the tool started (e.g. a delegated member run). */
  childRunId?: string;
  error?: boolean;
}

export interface TokenCounts {
  input: number;
  output: number;
  reasoning?: number;
}

export interface AgentRunSpec {
  seed: string;
  sessionId: string;
  agentId: string;
  agentName: string;
  userId?: string | null;
  parentRunId?: string;
  workflowStepId?: string;
  model?: ModelRef;
  createdAt: number;
  /** `input.input_content`: text, a dict, or a list of message dicts. */
  input: unknown;
  inputMedia?: { images?: Json[]; videos?: Json[]; audios?: Json[]; files?: Json[] };
  content: string | Json;
  /** `str` by default; a schema class name for structured output. */
  contentType?: string;
  status?: 'COMPLETED' | 'ERROR' | 'CANCELLED' | 'RUNNING' | 'PAUSED' | 'PENDING';
  systemPrompt?: string;
  toolCalls?: ToolCallSpec[];
  tokens?: TokenCounts;
  /** Store the event list (`store_events=True`). */
  storeEvents?: boolean;
  /** Written by an earlier save and re-serialised since: gains `"events": []` (§5.9). */
  reloaded?: boolean;
  sessionState?: Json;
  reasoning?: { steps: Json[]; content: string };
  references?: Json[];
  citations?: Json;
  /** Output media produced by the run. */
  images?: Json[];
  durationSeconds?: number;
}

/** An agent run dict (`RunOutput.to_dict`). */
export function makeAgentRun(spec: AgentRunSpec): StoredRun {
  const runId = stableUuid(`${spec.seed}:run`);
  const model = spec.model ?? GPT_4O;
  const status = spec.status ?? 'COMPLETED';
  const tokens = spec.tokens ?? { input: 800, output: 240 };
  const duration = spec.durationSeconds ?? 4.25;
  const messages = conversation(spec, tokens);
  const tools = (spec.toolCalls ?? []).map((call, i) => toolExecution(spec.seed, call, i, spec.createdAt + 1 + i));

  const run: Json = {
    run_id: runId,
    agent_id: spec.agentId,
    agent_name: spec.agentName,
    session_id: spec.sessionId,
  };
  if (spec.parentRunId) run['parent_run_id'] = spec.parentRunId;
  if (spec.userId) run['user_id'] = spec.userId;
  run['content'] = spec.content;
  run['content_type'] = spec.contentType ?? 'str';
  if (spec.reasoning) run['reasoning_content'] = spec.reasoning.content;
  run['model'] = model.id;
  run['model_provider'] = model.provider;
  run['session_state'] = spec.sessionState ?? {};
  run['created_at'] = spec.createdAt;
  run['status'] = status;
  if (spec.workflowStepId) run['workflow_step_id'] = spec.workflowStepId;
  run['metrics'] = status === 'ERROR' && tokens.input === 0 ? { duration } : runMetrics(model, tokens, duration);
  if (spec.storeEvents) run['events'] = agentEvents(spec, runId, model, tools, tokens);
  else if (spec.reloaded) run['events'] = [];
  run['messages'] = messages;
  if (spec.reasoning) {
    run['reasoning_messages'] = [
      { id: stableUuid(`${spec.seed}:rm`), content: spec.reasoning.content, from_history: false, stop_after_tool_call: false, role: 'assistant', metrics: { duration: 3.1 }, created_at: spec.createdAt },
    ];
    run['reasoning_steps'] = spec.reasoning.steps;
  }
  if (spec.references) run['references'] = spec.references;
  if (spec.images) run['images'] = spec.images;
  if (spec.citations) run['citations'] = spec.citations;
  if (tools.length > 0) run['tools'] = tools;
  run['input'] = runInput(spec);
  return run;
}

function runInput(spec: AgentRunSpec): Json {
  const input: Json = { input_content: spec.input };
  for (const key of ['images', 'videos', 'audios', 'files'] as const) {
    const list = spec.inputMedia?.[key];
    if (list && list.length > 0) input[key] = list;
  }
  return input;
}

function conversation(spec: AgentRunSpec, tokens: TokenCounts): Json[] {
  const at = spec.createdAt;
  const id = (n: number) => stableUuid(`${spec.seed}:msg:${n}`);
  const messages: Json[] = [
    { id: id(0), content: spec.systemPrompt ?? `You are ${spec.agentName}.`, from_history: false, stop_after_tool_call: false, role: 'system', created_at: at },
  ];
  const user: Json = { id: id(1), content: typeof spec.input === 'string' ? spec.input : JSON.stringify(spec.input), from_history: false, stop_after_tool_call: false, role: 'user' };
  if (spec.inputMedia?.images?.length) user['images'] = spec.inputMedia.images;
  if (spec.inputMedia?.files?.length) user['files'] = spec.inputMedia.files;
  if (spec.references?.[0]) user['references'] = spec.references[0];
  user['created_at'] = at;
  messages.push(user);
  const calls = spec.toolCalls ?? [];
  if (calls.length > 0) {
    messages.push({
      id: id(2),
      from_history: false,
      stop_after_tool_call: false,
      role: 'assistant',
      tool_calls: calls.map((c, i) => ({
        id: `call_${stableUuid(`${spec.seed}:call:${i}`).replace(/-/g, '').slice(0, 24)}`,
        function: { arguments: JSON.stringify(c.args), name: c.name },
        type: 'function',
      })),
      metrics: { input_tokens: Math.round(tokens.input / 2), output_tokens: 38, total_tokens: Math.round(tokens.input / 2) + 38, duration: 1.21 },
      created_at: at + 1,
    });
    calls.forEach((c, i) => {
      messages.push({
        id: id(3 + i),
        content: c.result,
        from_history: false,
        stop_after_tool_call: false,
        role: 'tool',
        tool_call_id: `call_${stableUuid(`${spec.seed}:call:${i}`).replace(/-/g, '').slice(0, 24)}`,
        tool_name: c.name,
        tool_args: c.args,
        tool_call_error: c.error ?? false,
        created_at: at + 1,
      });
    });
  }
  if (spec.status !== 'ERROR' && spec.status !== 'CANCELLED') {
    const answer: Json = {
      id: id(10),
      content: typeof spec.content === 'string' ? spec.content : JSON.stringify(spec.content),
      from_history: false,
      stop_after_tool_call: false,
      role: 'assistant',
      metrics: { input_tokens: tokens.input, output_tokens: tokens.output, total_tokens: tokens.input + tokens.output, duration: 2.84 },
      created_at: at + 2,
    };
    messages.push(answer);
  }
  return messages;
}

function toolExecution(seed: string, call: ToolCallSpec, index: number, createdAt: number): Json {
  const start = createdAt + 0.125;
  return {
    tool_call_id: `call_${stableUuid(`${seed}:call:${index}`).replace(/-/g, '').slice(0, 24)}`,
    tool_name: call.name,
    tool_args: call.args,
    tool_call_error: call.error ?? false,
    result: call.result,
    metrics: { start_time: start, end_time: start + 0.5, duration: 0.5 },
    child_run_id: call.childRunId ?? null,
    stop_after_tool_call: false,
    created_at: createdAt,
    requires_confirmation: null,
    confirmed: null,
    confirmation_note: null,
    requires_user_input: null,
    user_input_schema: null,
    user_feedback_schema: null,
    answered: null,
    external_execution_required: null,
    external_execution_silent: null,
    approval_type: null,
    approval_id: null,
  };
}

export function runMetrics(model: ModelRef, tokens: TokenCounts, duration: number): Json {
  const counts: Json = { input_tokens: tokens.input, output_tokens: tokens.output, total_tokens: tokens.input + tokens.output };
  if (tokens.reasoning) counts['reasoning_tokens'] = tokens.reasoning;
  return { ...counts, time_to_first_token: 0.546, duration, details: { model: [{ ...counts, id: model.id, provider: model.provider }] } };
}

function agentEvents(spec: AgentRunSpec, runId: string, model: ModelRef, tools: Json[], tokens: TokenCounts): Json[] {
  const base = (event: string, at: number): Json => ({
    created_at: at,
    event,
    agent_id: spec.agentId,
    agent_name: spec.agentName,
    run_id: runId,
    ...(spec.parentRunId ? { parent_run_id: spec.parentRunId } : {}),
    session_id: spec.sessionId,
    nested_depth: 0,
  });
  const at = spec.createdAt;
  const events: Json[] = [{ ...base('RunStarted', at), model: model.id, model_provider: model.provider }];
  const request = (n: number): Json[] => [
    { ...base('ModelRequestStarted', at + n), model: model.id, model_provider: model.provider },
    { ...base('ModelRequestCompleted', at + n + 1), model: model.id, model_provider: model.provider, input_tokens: tokens.input, output_tokens: tokens.output, total_tokens: tokens.input + tokens.output },
  ];
  events.push(...request(0));
  for (const tool of tools) {
    const { result: _result, ...started } = tool;
    events.push({ ...base('ToolCallStarted', at + 1), tool: started });
    events.push({ ...base('ToolCallCompleted', at + 1), content: tool['result'], tool });
  }
  if (tools.length > 0) events.push(...request(1));
  if (spec.status === 'ERROR') {
    events.push({ ...base('RunError', at + 2), content: typeof spec.content === 'string' ? spec.content : 'error', error_type: 'model_provider_error' });
    return events;
  }
  events.push({ ...base('RunContentCompleted', at + 2) });
  events.push({
    ...base('RunCompleted', at + 2),
    content: spec.content,
    content_type: spec.contentType ?? 'str',
    session_state: spec.sessionState ?? {},
    metrics: runMetrics(model, tokens, spec.durationSeconds ?? 4.25),
  });
  return events;
}

export interface TeamRunSpec {
  seed: string;
  sessionId: string;
  teamId: string;
  teamName: string;
  userId?: string | null;
  model?: ModelRef;
  createdAt: number;
  input: string;
  content: string;
  /** The member runs this team run delegated to (they point back via parent_run_id). */
  members: StoredRun[];
  /** `store_member_responses=True`: member dicts copied into `member_responses`. */
  storeMemberResponses?: boolean;
  storeEvents?: boolean;
  tokens?: TokenCounts;
}

/** The team run id a member run must point at, before the team run exists. */
export function teamRunId(seed: string): string {
  return stableUuid(`${seed}:run`);
}

/** A team run dict (`TeamRunOutput.to_dict`, §6). */
export function makeTeamRun(spec: TeamRunSpec): StoredRun {
  const runId = teamRunId(spec.seed);
  const model = spec.model ?? GPT_4O;
  const tokens = spec.tokens ?? { input: 1400, output: 320 };
  const tools = spec.members.map((member, i) =>
    toolExecution(
      spec.seed,
      {
        name: 'delegate_task_to_member',
        args: { member_id: String(member['agent_id']), task: String((member['input'] as Json | undefined)?.['input_content'] ?? '') },
        result: String(member['content'] ?? ''),
        childRunId: String(member['run_id']),
      },
      i,
      spec.createdAt + 1 + i,
    ),
  );
  const at = spec.createdAt;
  const run: Json = {
    run_id: runId,
    team_id: spec.teamId,
    team_name: spec.teamName,
    session_id: spec.sessionId,
  };
  if (spec.userId) run['user_id'] = spec.userId;
  run['input'] = { input_content: spec.input };
  run['content'] = spec.content;
  run['content_type'] = 'str';
  run['model'] = model.id;
  run['model_provider'] = model.provider;
  run['member_responses'] = spec.storeMemberResponses ? spec.members : [];
  run['session_state'] = {};
  run['created_at'] = at;
  if (spec.storeEvents) {
    const base = (event: string, t: number): Json => ({ created_at: t, event, team_id: spec.teamId, team_name: spec.teamName, run_id: runId, session_id: spec.sessionId, nested_depth: 0 });
    run['events'] = [
      { ...base('TeamRunStarted', at), model: model.id, model_provider: model.provider },
      ...tools.flatMap((tool) => [
        { ...base('TeamToolCallStarted', at + 1), tool: { ...tool, result: null } },
        { ...base('TeamToolCallCompleted', at + 2), content: tool['result'], tool },
      ]),
      { ...base('TeamRunCompleted', at + 3), content: spec.content, content_type: 'str', session_state: {}, ...(spec.storeMemberResponses ? { member_responses: spec.members } : {}) },
    ];
  }
  run['metrics'] = runMetrics(model, tokens, 9.5);
  run['status'] = 'COMPLETED';
  run['messages'] = [
    { id: stableUuid(`${spec.seed}:msg:0`), content: `You are the leader of ${spec.teamName}.`, from_history: false, stop_after_tool_call: false, role: 'system', created_at: at },
    { id: stableUuid(`${spec.seed}:msg:1`), content: spec.input, from_history: false, stop_after_tool_call: false, role: 'user', created_at: at },
    { id: stableUuid(`${spec.seed}:msg:2`), content: spec.content, from_history: false, stop_after_tool_call: false, role: 'assistant', metrics: { input_tokens: tokens.input, output_tokens: tokens.output, total_tokens: tokens.input + tokens.output }, created_at: at + 3 },
  ];
  run['tools'] = tools;
  return run;
}

export interface WorkflowStepSpec {
  name: string;
  description: string;
  /** The agent run that executed the step (parent_run_id/workflow_step_id are filled in). */
  executor: Omit<AgentRunSpec, 'sessionId' | 'parentRunId' | 'workflowStepId' | 'seed'>;
}

export interface WorkflowRunSpec {
  seed: string;
  sessionId: string;
  workflowId: string;
  workflowName: string;
  userId?: string | null;
  createdAt: number;
  /** The raw run input: text, a dict or a list. */
  input: unknown;
  steps: WorkflowStepSpec[];
  /** Fail after this many steps completed (generic exception path, §7). */
  failAfterSteps?: number;
  errorMessage?: string;
  storeEvents?: boolean;
}

/** A workflow run dict (`WorkflowRunOutput.to_dict`, §7) with its step results and executor runs. */
export function makeWorkflowRun(spec: WorkflowRunSpec): StoredRun {
  const runId = stableUuid(`${spec.seed}:run`);
  const failed = spec.failAfterSteps !== undefined;
  const executed = failed ? spec.steps.slice(0, (spec.failAfterSteps as number) + 1) : spec.steps;
  const executorRuns = executed.map((step, i) =>
    makeAgentRun({
      ...step.executor,
      seed: `${spec.seed}:step:${i}`,
      sessionId: spec.sessionId,
      parentRunId: runId,
      workflowStepId: stableUuid(`${spec.seed}:step-id:${i}`),
      ...(failed && i === executed.length - 1 ? { status: 'ERROR' as const, content: spec.errorMessage ?? 'Step failed' } : {}),
    }),
  );
  const completed = failed ? executorRuns.slice(0, -1) : executorRuns;
  const stepResults = completed.map((exec, i) => {
    const step = executed[i] as WorkflowStepSpec;
    return {
      content: exec['content'],
      step_name: step.name,
      step_id: stableUuid(`${spec.seed}:step-id:${i}`),
      step_type: 'Step',
      executor_type: 'agent',
      executor_name: step.executor.agentName,
      step_run_id: exec['run_id'],
      images: [],
      videos: [],
      audio: [],
      files: [],
      metrics: exec['metrics'],
      success: true,
      error: null,
      stop: false,
      is_paused: false,
    };
  });
  const last = completed.at(-1);
  const content = failed ? `Workflow execution failed: ${spec.errorMessage ?? 'Step failed'}` : (last?.['content'] ?? 'No steps executed');
  const run: Json = {
    input: spec.input,
    content,
    content_type: 'str',
    workflow_id: spec.workflowId,
    workflow_name: spec.workflowName,
    run_id: runId,
    session_id: spec.sessionId,
  };
  if (spec.userId) run['user_id'] = spec.userId;
  run['created_at'] = spec.createdAt;
  run['status'] = failed ? 'ERROR' : 'COMPLETED';
  if (!failed) Object.assign(run, { images: [], videos: [], audio: [], files: [] });
  if (!failed && stepResults.length > 0) run['step_results'] = stepResults;
  if (executorRuns.length > 0) run['step_executor_runs'] = executorRuns;
  run['metrics'] = {
    steps: failed
      ? {}
      : Object.fromEntries(
          completed.map((exec, i) => {
            const step = executed[i] as WorkflowStepSpec;
            return [step.name, { step_name: step.name, executor_type: 'agent', executor_name: step.executor.agentName, metrics: exec['metrics'] }];
          }),
        ),
    duration: 12.75,
  };
  if (spec.storeEvents) {
    const base = (event: string, t: number): Json => ({ created_at: t, event, workflow_id: spec.workflowId, workflow_name: spec.workflowName, session_id: spec.sessionId, run_id: runId, nested_depth: 0 });
    const events: Json[] = [base('WorkflowStarted', spec.createdAt)];
    completed.forEach((exec, i) => {
      const step = executed[i] as WorkflowStepSpec;
      events.push({ ...base('StepStarted', spec.createdAt + i), step_name: step.name, step_index: i });
      events.push({ ...base('StepCompleted', spec.createdAt + i + 1), step_name: step.name, step_index: i, content: exec['content'], content_type: 'str' });
    });
    events.push(failed ? { ...base('WorkflowError', spec.createdAt + 5), error: spec.errorMessage ?? 'Step failed' } : { ...base('WorkflowCompleted', spec.createdAt + 5), content, content_type: 'str' });
    run['events'] = events;
  }
  return run;
}
