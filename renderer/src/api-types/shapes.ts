/**
 * Shapes of the rundesk HTTP API as the UI reads them. Request and response types are aliases of
 * the generated `openapi.gen.ts` (from the server's `/openapi.json`; `npm run gen:api-types`).
 * Hand-written here: UI-only types, and the Agno objects inside runs (messages, tools, events,
 * metrics, media…), which the document declares free-form (`{ [key: string]: unknown }`) because
 * stored data comes from many agno versions; every field is optional and checked at use.
 */
import type { Refine, Schema } from './schemas';

export type SessionType = Schema<'SessionType'>;
export const SESSION_TYPES = ['agent', 'team', 'workflow'] as const satisfies readonly SessionType[];

export type JsonObject = { [key: string]: unknown };

/** One bad input, as a 422 (or a dry run) names it: `{ path: "auth.algorithm", message }`. */
export interface InputIssue {
  path: string;
  message: string;
}

/** `{ detail, error_code }` — every error's body. */
export type ErrorBody = Schema<'ErrorBody'>;

export type SessionListItem = Schema<'SessionListItem'>;
export type SessionDetail = Schema<'SessionDetail'>;
/** `GET /sessions`. */
export type SessionPage = Schema<'SessionPage'>;
export type PageMeta = SessionPage['meta'];

export interface ListSessionsParams {
  type?: SessionType | undefined;
  user_id?: string | undefined;
  component_id?: string | undefined;
  search?: string | undefined;
  /** rundesk: a substring of the user id. */
  user_search?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  sort_by?: 'created_at' | 'updated_at' | 'session_id' | 'session_type' | 'user_id' | 'agent_id' | 'team_id' | 'workflow_id' | undefined;
  sort_order?: 'asc' | 'desc' | undefined;
}

/** `GET /search/runs` (rundesk extension). */
export type RunSearchPage = Schema<'RunSearchPage'>;
export type RunSearchItem = RunSearchPage['data'][number];
export type RunSearchHit = Schema<'RunSearchHit'>;
export type RunSortField = 'created_at' | 'session_name' | 'user_id' | 'status' | 'model' | 'tool_calls';

export interface RunSearchParams {
  q?: string | undefined;
  status?: string | undefined;
  tool?: string | undefined;
  model?: string | undefined;
  user?: string | undefined;
  errors?: 'true' | undefined;
  type?: SessionType | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  sort_by?: RunSortField | undefined;
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

/** The Agno objects inside a run, typed for reading (the document declares them free-form). */
interface AgnoRunFields {
  content?: unknown;
  reasoning_steps?: ReasoningStep[] | null;
  reasoning_messages?: AgnoMessage[] | null;
  metrics?: RunMetrics | null;
  events?: AgnoEvent[] | null;
  references?: JsonObject[] | null;
  citations?: JsonObject | null;
  images?: MediaItem[] | null;
  videos?: MediaItem[] | null;
  audio?: MediaItem[] | null;
  files?: MediaItem[] | null;
  response_audio?: MediaItem | null;
}

/** An agent run. */
export type RunShape = Refine<
  Schema<'RunShape'>,
  AgnoRunFields & { messages?: AgnoMessage[] | null; tools?: ToolExecution[] | null; input_media?: InputMedia | null }
>;

/** A team run. */
export type TeamRunShape = Refine<
  Schema<'TeamRunShape'>,
  AgnoRunFields & { messages?: AgnoMessage[] | null; tools?: ToolExecution[] | null; input_media?: InputMedia | null }
>;

/** A workflow run. */
export type WorkflowRunShape = Refine<Schema<'WorkflowRunShape'>, AgnoRunFields>;

type RunKey = keyof RunShape | keyof TeamRunShape | keyof WorkflowRunShape;
/** A run shape whose fields from the other shapes read as absent (the server never sends them). */
type Closed<T> = T & { [K in Exclude<RunKey, keyof T>]?: undefined };

/** Any of the three; fields of only some shapes (`parent_run_id`, `messages`…) read as optional. */
export type AnyRun = Closed<RunShape> | Closed<TeamRunShape> | Closed<WorkflowRunShape>;

/** rundesk's page of a session's runs (`GET /sessions/{id}/runs?limit=…&page=…`). */
export type RunsPage = Schema<'RunsPage'>;
export type RunsWindow = Schema<'RunsWindow'>;

/** `GET /agents`, `/teams`, `/workflows` items. */
export type ComponentSummary = Schema<'Component'>;

// ---- workbench (/desk) -------------------------------------------------------------------

export type DeskDatabase = Schema<'DeskDatabase'>;
export type MintRequest = Schema<'DeskMintRequest'>;
export type MintResponse = Schema<'DeskMintResponse'>;
export type InspectRequest = Schema<'DeskInspectRequest'>;
/** What the auth layer decides for one request (`POST /desk/inspect`). */
export type InspectVerdict = Schema<'DeskInspectResponse'>;
export type SampleDataResult = Schema<'DeskSampleData'>;
/** `GET /info`. */
export type ServerInfo = Schema<'Info'>;
