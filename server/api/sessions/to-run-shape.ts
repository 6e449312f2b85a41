import type { SessionType, StoredRun } from '../../agno-format/types.js';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { extractInputMedia, getRunInput } from '../../agno-format/run-input.js';
import type { AnyRunShape, RunShape, TeamRunShape, WorkflowRunShape } from './run-shapes.js';

/**
 * Stored run dict → response shape, field by field as agno's `RunSchema` / `TeamRunSchema` /
 * `WorkflowRunSchema.from_dict` do it, except that:
 *  - the shape follows the requested `type` , not the run's own ids;
 *  - `created_at` is always an ISO 8601 UTC string;
 *  - values of the wrong JSON type (which make the reference answer 500) are coerced to the
 *    field's type or to null, so every output fits its schema.
 */

type Json = Record<string, unknown>;
const MISSING = Symbol('missing');

function field(run: Json, key: string): unknown {
  return Object.hasOwn(run, key) ? run[key] : MISSING;
}

/** A string field: the default when the key is missing, null when stored null. */
function text(run: Json, key: string, fallback: string | null): string | null {
  const value = field(run, key);
  if (value === MISSING) return fallback;
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return pythonJsonDumps(value);
}

function object(run: Json, key: string, fallback: Json | null): Json | null {
  const value = field(run, key);
  if (value === MISSING) return fallback;
  return isPlainObject(value) ? value : null;
}

function objects(value: unknown): Json[] | null {
  return Array.isArray(value) ? value.filter(isPlainObject) : null;
}

/** A list field with a default when the key is missing (`run.get(key, [])`). */
function list(run: Json, key: string, fallback: Json[] | null): Json[] | null {
  const value = field(run, key);
  return value === MISSING ? fallback : objects(value);
}

/** A list field that is null unless it holds items (`run[key] if run.get(key) else None`). */
function nonEmptyList(run: Json, key: string): Json[] | null {
  const value = run[key];
  return Array.isArray(value) && value.length > 0 ? objects(value) : null;
}

function integer(run: Json, key: string): number | null {
  const value = run[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function content(run: Json): string | Json | null {
  const value = field(run, 'content');
  if (value === MISSING) return '';
  if (value === null || typeof value === 'string' || isPlainObject(value)) return value;
  return pythonJsonDumps(value);
}

/** Fields the agent and team shapes share, in the platform's order after the ids. */
function commonFields(run: Json) {
  const contentType = field(run, 'content_type');
  return {
    status: text(run, 'status', null),
    run_input: getRunInput(run, false),
    content: content(run),
    run_response_format: (contentType === MISSING ? 'str' : contentType) === 'str' ? 'text' : 'json',
    reasoning_content: text(run, 'reasoning_content', ''),
    reasoning_steps: list(run, 'reasoning_steps', []),
    metrics: object(run, 'metrics', {}),
    messages: nonEmptyList(run, 'messages'),
    tools: nonEmptyList(run, 'tools'),
    events: nonEmptyList(run, 'events'),
    created_at: toIsoDateTime(run['created_at']),
    references: list(run, 'references', []),
    citations: object(run, 'citations', null),
    reasoning_messages: list(run, 'reasoning_messages', []),
    session_state: object(run, 'session_state', null),
    images: list(run, 'images', []),
    videos: list(run, 'videos', []),
    audio: list(run, 'audio', []),
    files: list(run, 'files', []),
    response_audio: object(run, 'response_audio', null),
    input_media: extractInputMedia(run),
    followups: Array.isArray(run['followups']) ? (run['followups'] as unknown[]) : null,
    forked_from_run_id: text(run, 'forked_from_run_id', null),
    forked_from_message_index: integer(run, 'forked_from_message_index'),
    forked_from_session_id: text(run, 'forked_from_session_id', null),
    regenerated_from: text(run, 'regenerated_from', null),
    last_checkpoint_at_message_index: integer(run, 'last_checkpoint_at_message_index'),
  };
}

/** An agent run. */
export function toAgentRunShape(run: StoredRun): RunShape {
  return {
    run_id: text(run, 'run_id', '') ?? '',
    parent_run_id: text(run, 'parent_run_id', ''),
    agent_id: text(run, 'agent_id', ''),
    user_id: text(run, 'user_id', ''),
    ...commonFields(run),
  };
}

/** A team run: `team_id` instead of `agent_id`, and no `user_id`. */
export function toTeamRunShape(run: StoredRun): TeamRunShape {
  return {
    run_id: text(run, 'run_id', '') ?? '',
    parent_run_id: text(run, 'parent_run_id', ''),
    team_id: text(run, 'team_id', ''),
    ...commonFields(run),
  };
}

/** A workflow run: no messages, tools, session_state, input_media or run_response_format. */
export function toWorkflowRunShape(run: StoredRun): WorkflowRunShape {
  return {
    run_id: text(run, 'run_id', '') ?? '',
    run_input: getRunInput(run, true),
    events: list(run, 'events', []),
    workflow_id: text(run, 'workflow_id', ''),
    user_id: text(run, 'user_id', ''),
    content: content(run),
    content_type: text(run, 'content_type', ''),
    status: text(run, 'status', ''),
    step_results: list(run, 'step_results', []),
    step_executor_runs: list(run, 'step_executor_runs', []),
    metrics: object(run, 'metrics', {}),
    created_at: toIsoDateTime(run['created_at']),
    reasoning_content: text(run, 'reasoning_content', ''),
    reasoning_steps: list(run, 'reasoning_steps', []),
    references: list(run, 'references', []),
    citations: object(run, 'citations', null),
    reasoning_messages: list(run, 'reasoning_messages', []),
    images: list(run, 'images', []),
    videos: list(run, 'videos', []),
    audio: list(run, 'audio', []),
    files: list(run, 'files', []),
    response_audio: object(run, 'response_audio', null),
    step_requirements: list(run, 'step_requirements', null),
    pause_kind: text(run, 'pause_kind', null),
    paused_step_name: text(run, 'paused_step_name', null),
    paused_step_index: integer(run, 'paused_step_index'),
  };
}

/**
 * The run's own kind, as AgentOS 2.9 and 3 decide the shape of the single-run GET: a
 * `workflow_id` makes it a workflow run, else a `team_id` a team run, else an agent run (a
 * member run stored in a team session is an agent run). Null ids count as absent.
 *
 * @example
 * runKindOf({ run_id: 'm1', agent_id: 'a', team_id: null }); // 'agent'
 */
export function runKindOf(run: StoredRun): SessionType {
  const has = (key: string) => run[key] !== undefined && run[key] !== null;
  return has('workflow_id') ? 'workflow' : has('team_id') ? 'team' : 'agent';
}

/**
 * A run in the shape of `type`, whatever its own fields say (the run list of a session read
 * with a `type`, as AgentOS classifies it); the single-run GET passes `runKindOf(run)`.
 *
 * @example
 * toRunShape(run, 'team').team_id
 */
export function toRunShape(run: StoredRun, type: 'agent'): RunShape;
export function toRunShape(run: StoredRun, type: 'team'): TeamRunShape;
export function toRunShape(run: StoredRun, type: 'workflow'): WorkflowRunShape;
export function toRunShape(run: StoredRun, type: SessionType): AnyRunShape;
export function toRunShape(run: StoredRun, type: SessionType): AnyRunShape {
  switch (type) {
    case 'agent':
      return toAgentRunShape(run);
    case 'team':
      return toTeamRunShape(run);
    case 'workflow':
      return toWorkflowRunShape(run);
  }
}
