/**
 * Shapes of the rundesk HTTP API as the UI reads them (the server's `/openapi.json` is the
 * source of truth; these mirror it by hand because the renderer never imports server code).
 * Free-form Agno objects (messages, tools, events, metrics…) are typed loosely on purpose:
 * stored data comes from many agno versions, so every field is optional and checked at use.
 */

export type SessionType = 'agent' | 'team' | 'workflow';
export const SESSION_TYPES: readonly SessionType[] = ['agent', 'team', 'workflow'];

export type JsonObject = { [key: string]: unknown };

/** `{ detail, error_code }` — SPEC §2.5. */
export interface ErrorBody {
  detail: string;
  error_code?: string | null;
}

export interface SessionListItem {
  session_id: string;
  session_name: string | null;
  session_type: SessionType;
  user_id: string | null;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
  run_count: number | null;
  total_tokens: number | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface SessionDetail extends SessionListItem {
  session_data: JsonObject | null;
  agent_data: JsonObject | null;
  team_data: JsonObject | null;
  workflow_data: JsonObject | null;
  metadata: JsonObject | null;
  summary: JsonObject | null;
}

export interface PageMeta {
  page: number;
  limit: number;
  total_count: number;
  total_pages: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

export interface ListSessionsParams {
  type?: SessionType | undefined;
  user_id?: string | undefined;
  component_id?: string | undefined;
  search?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  sort_order?: 'asc' | 'desc' | undefined;
}

/** Which database/table a platform request reads (`db_id`, `table`); empty = the default. */
export interface DbLocation {
  db?: string | undefined;
  table?: string | undefined;
}

/** Agno `Message.to_dict` (agno-format §5.4). */
export interface AgnoMessage {
  id?: string;
  role?: string;
  content?: unknown;
  name?: string;
  reasoning_content?: string;
  redacted_reasoning_content?: string;
  from_history?: boolean;
  tool_call_id?: string;
  tool_name?: string;
  tool_args?: JsonObject;
  tool_call_error?: boolean;
  tool_calls?: AgnoToolCall[];
  images?: MediaItem[];
  audio?: MediaItem[];
  videos?: MediaItem[];
  files?: MediaItem[];
  audio_output?: MediaItem;
  references?: JsonObject;
  metrics?: RunMetrics;
  created_at?: number | string;
  [key: string]: unknown;
}

export interface AgnoToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string | JsonObject };
  [key: string]: unknown;
}

/** Agno `ToolExecution.to_dict` (agno-format §5.6). */
export interface ToolExecution {
  tool_call_id?: string | null;
  tool_name?: string | null;
  tool_args?: JsonObject | null;
  tool_call_error?: boolean | null;
  result?: unknown;
  metrics?: { start_time?: number; end_time?: number; duration?: number } | null;
  child_run_id?: string | null;
  created_at?: number | null;
  requires_confirmation?: boolean | null;
  confirmed?: boolean | null;
  [key: string]: unknown;
}

/** Agno `RunMetrics.to_dict` (agno-format §5.5); workflow runs carry `steps` instead. */
export interface RunMetrics {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
  audio_input_tokens?: number;
  audio_output_tokens?: number;
  audio_total_tokens?: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  reasoning_tokens?: number;
  cost?: number;
  time_to_first_token?: number;
  duration?: number;
  details?: Record<string, JsonObject[]>;
  steps?: Record<string, { step_name?: string; executor_type?: string; executor_name?: string; metrics?: RunMetrics | null }>;
  [key: string]: unknown;
}

/** Image / Audio / Video / File dicts (agno-format §5.8). */
export interface MediaItem {
  id?: string;
  url?: string | null;
  filepath?: string | null;
  content?: string | null;
  format?: string | null;
  mime_type?: string | null;
  alt_text?: string | null;
  filename?: string | null;
  name?: string | null;
  transcript?: string | null;
  original_prompt?: string | null;
  revised_prompt?: string | null;
  size?: number | null;
  [key: string]: unknown;
}

export interface AgnoEvent {
  event?: string;
  created_at?: number | string;
  [key: string]: unknown;
}

export interface ReasoningStep {
  title?: string | null;
  action?: string | null;
  result?: string | null;
  reasoning?: string | null;
  next_action?: string | null;
  confidence?: number | null;
}

export interface InputMedia {
  images?: MediaItem[];
  videos?: MediaItem[];
  audios?: MediaItem[];
  files?: MediaItem[];
}

interface RunCommon {
  run_id: string;
  parent_run_id?: string | null;
  status?: string | null;
  run_input?: string | null;
  content?: unknown;
  reasoning_content?: string | null;
  reasoning_steps?: ReasoningStep[] | null;
  reasoning_messages?: AgnoMessage[] | null;
  metrics?: RunMetrics | null;
  events?: AgnoEvent[] | null;
  created_at?: string | null;
  references?: JsonObject[] | null;
  citations?: JsonObject | null;
  images?: MediaItem[] | null;
  videos?: MediaItem[] | null;
  audio?: MediaItem[] | null;
  files?: MediaItem[] | null;
  response_audio?: MediaItem | null;
  /** Not in SPEC; passed through by some servers. */
  session_id?: string | null;
  model?: string | null;
  model_provider?: string | null;
  [key: string]: unknown;
}

/** SPEC §2.1 */
export interface RunShape extends RunCommon {
  agent_id?: string | null;
  user_id?: string | null;
  run_response_format?: string | null;
  messages?: AgnoMessage[] | null;
  tools?: ToolExecution[] | null;
  session_state?: JsonObject | null;
  input_media?: InputMedia | null;
}

/** SPEC §2.2 */
export interface TeamRunShape extends RunCommon {
  team_id?: string | null;
  run_response_format?: string | null;
  messages?: AgnoMessage[] | null;
  tools?: ToolExecution[] | null;
  session_state?: JsonObject | null;
  input_media?: InputMedia | null;
  member_responses?: JsonObject[] | null;
}

/** SPEC §2.3 */
export interface WorkflowRunShape extends RunCommon {
  workflow_id?: string | null;
  user_id?: string | null;
  content_type?: string | null;
  step_results?: JsonObject[] | null;
  step_executor_runs?: JsonObject[] | null;
}

export type AnyRun = RunShape | TeamRunShape | WorkflowRunShape;

export interface ComponentSummary {
  id: string;
  name: string | null;
  session_count: number;
  run_count: number;
  last_active_at: string | number | null;
}

// ---- workbench (/desk) -------------------------------------------------------------------

export interface DeskDatabase {
  id: string;
  path: string;
  read_only: boolean;
  tables: string[];
  default_table?: string;
  sessions: number;
  runs: number;
  [key: string]: unknown;
}

export interface MintRequest {
  sub: string;
  scopes: string[];
  /** Seconds. */
  ttl: number;
  aud?: string | string[];
  [key: string]: unknown;
}

export interface MintResponse {
  token: string;
  header: JsonObject;
  claims: JsonObject;
  curl?: string;
}

export interface InspectRequest {
  token: string;
  method: string;
  path: string;
}

/**
 * What the auth layer decides for one request (`POST /desk/inspect`). Read tolerantly: the
 * workbench helper owns the exact shape; the UI shows known fields and the raw verdict.
 */
export interface InspectVerdict {
  status?: number;
  outcome?: string;
  detail?: string | null;
  error_code?: string | null;
  required_scopes?: string[];
  missing_scopes?: string[];
  matched_mapping?: { pattern?: string; scopes?: string[]; source?: string } | null;
  header?: JsonObject | null;
  claims?: JsonObject | null;
  state?: JsonObject | null;
  request_state?: JsonObject | null;
  verified_by?: unknown;
  [key: string]: unknown;
}

export interface SampleDataResult {
  [key: string]: unknown;
}
