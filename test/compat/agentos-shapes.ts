import { z } from 'zod';

/**
 * What AgentOS 2.9's clients parse, as zod schemas written from the platform's documented
 * response models (`agno/os/schema.py`): the required fields and the types pydantic checks.
 * Extra fields are allowed, as pydantic ignores them. A rundesk answer that fails these would
 * make Agno's `AgentOSClient` raise a validation error.
 */

const optionalString = z.string().nullable().optional();
const optionalObject = z.record(z.string(), z.unknown()).nullable().optional();
/** pydantic's `datetime`: an ISO-8601 string (or a number of seconds). */
const dateTime = z.union([z.iso.datetime({ offset: true }), z.number()]).nullable().optional();

export const PaginationInfo = z.object({
  page: z.number().int().min(0),
  limit: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
  search_time_ms: z.number().min(0).optional(),
});

export const SessionSchema = z.object({
  session_id: z.string(),
  session_name: z.string(),
  session_state: optionalObject,
  created_at: dateTime,
  updated_at: dateTime,
  session_type: optionalString,
  user_id: optionalString,
  agent_id: optionalString,
  team_id: optionalString,
  workflow_id: optionalString,
  session_summary: optionalObject,
  metrics: optionalObject,
  total_tokens: z.number().int().nullable().optional(),
  metadata: optionalObject,
});

export const SessionPage = z.object({ data: z.array(SessionSchema), meta: PaginationInfo });

export const AgentSessionDetailSchema = z.object({
  user_id: optionalString,
  agent_session_id: z.string(),
  session_id: z.string(),
  session_name: z.string(),
  session_summary: optionalObject,
  session_state: optionalObject,
  agent_id: optionalString,
  total_tokens: z.number().int().nullable().optional(),
  agent_data: optionalObject,
  metrics: optionalObject,
  metadata: optionalObject,
  chat_history: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  created_at: dateTime,
  updated_at: dateTime,
});

export const TeamSessionDetailSchema = z.object({
  session_id: z.string(),
  session_name: z.string(),
  user_id: optionalString,
  team_id: optionalString,
  session_summary: optionalObject,
  session_state: optionalObject,
  metrics: optionalObject,
  team_data: optionalObject,
  metadata: optionalObject,
  chat_history: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  created_at: dateTime,
  updated_at: dateTime,
  total_tokens: z.number().int().nullable().optional(),
});

export const WorkflowSessionDetailSchema = z.object({
  user_id: optionalString,
  workflow_id: optionalString,
  workflow_name: optionalString,
  session_id: z.string(),
  session_name: z.string(),
  session_data: optionalObject,
  session_state: optionalObject,
  workflow_data: optionalObject,
  metadata: optionalObject,
  created_at: dateTime,
  updated_at: dateTime,
});

const listOfObjects = z.array(z.record(z.string(), z.unknown())).nullable().optional();
const optionalInt = z.number().int().nullable().optional();
const content = z.union([z.string(), z.record(z.string(), z.unknown())]).nullable().optional();

/** Fields `RunSchema` and `TeamRunSchema` share, with pydantic's types. */
const runFields = {
  run_id: z.string(),
  parent_run_id: optionalString,
  status: optionalString,
  run_input: optionalString,
  content,
  run_response_format: optionalString,
  reasoning_content: optionalString,
  reasoning_steps: listOfObjects,
  metrics: optionalObject,
  messages: listOfObjects,
  tools: listOfObjects,
  events: listOfObjects,
  created_at: dateTime,
  references: listOfObjects,
  citations: optionalObject,
  reasoning_messages: listOfObjects,
  session_state: optionalObject,
  images: listOfObjects,
  videos: listOfObjects,
  audio: listOfObjects,
  files: listOfObjects,
  response_audio: optionalObject,
  input_media: optionalObject,
  followups: z.array(z.string()).nullable().optional(),
  forked_from_run_id: optionalString,
  forked_from_message_index: optionalInt,
  forked_from_session_id: optionalString,
  regenerated_from: optionalString,
  last_checkpoint_at_message_index: optionalInt,
};

export const RunSchema = z.object({ ...runFields, agent_id: optionalString, user_id: optionalString });

export const TeamRunSchema = z.object({ ...runFields, team_id: optionalString });

export const WorkflowRunSchema = z.object({
  run_id: z.string(),
  run_input: optionalString,
  events: listOfObjects,
  workflow_id: optionalString,
  user_id: optionalString,
  content,
  content_type: optionalString,
  status: optionalString,
  step_results: listOfObjects,
  step_executor_runs: listOfObjects,
  step_requirements: listOfObjects,
  pause_kind: optionalString,
  paused_step_name: optionalString,
  paused_step_index: optionalInt,
  metrics: optionalObject,
  created_at: dateTime,
  reasoning_content: optionalString,
  reasoning_steps: listOfObjects,
  references: listOfObjects,
  citations: optionalObject,
  reasoning_messages: listOfObjects,
  images: listOfObjects,
  videos: listOfObjects,
  audio: listOfObjects,
  files: listOfObjects,
  response_audio: optionalObject,
});

export const ComponentSummary = z.object({
  id: optionalString,
  name: optionalString,
  description: optionalString,
  db_id: optionalString,
  /** `ModelResponse`: agent-ui and @antipopp/agno-client read `model.model`. */
  model: z.object({ name: optionalString, model: optionalString, provider: optionalString }).strict().nullable().optional(),
  metadata: optionalObject,
});

/**
 * How `AgentOSClient.get_session` picks the schema when no type is given: by which id the
 * answer carries.
 */
export function clientSessionSchema(data: Record<string, unknown>, type?: 'agent' | 'team' | 'workflow') {
  if (type === 'agent' || (type === undefined && data['agent_id'] != null)) return AgentSessionDetailSchema;
  if (type === 'team' || (type === undefined && data['team_id'] != null)) return TeamSessionDetailSchema;
  if (type === 'workflow' || (type === undefined && data['workflow_id'] != null)) return WorkflowSessionDetailSchema;
  throw new Error('Could not determine session type');
}

/** How `get_session_runs` / `get_session_run` pick a run schema: by which id the run carries. */
export function clientRunSchema(run: Record<string, unknown>) {
  if (run['workflow_id'] != null) return WorkflowRunSchema;
  if (run['team_id'] != null) return TeamRunSchema;
  return RunSchema;
}
