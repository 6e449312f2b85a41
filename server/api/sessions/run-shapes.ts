import { z } from 'zod';

/**
 * The three answers of `GET /sessions/{session_id}/runs/{run_id}` , one zod
 * schema each, used to type `toRunShape` and to generate `/openapi.json` (the `.meta` ids
 * become component names). Only `run_id` is required; `toRunShape` still
 * emits every key, nulls included, like the reference service.
 *
 * A few fields beyond the documented shapes are kept because the reference service (agno 2.9) sends
 * them too: `followups`, the fork/checkpoint fields, and the workflow pause fields.
 */

const jsonObject = z.record(z.string(), z.unknown());
const objectArray = z.array(jsonObject);

const opt = <T extends z.ZodType>(schema: T, description: string) => schema.nullable().optional().describe(description);

/** Fields shared by the agent and team run shapes, in the platform's order. */
const commonRunFields = {
  status: opt(z.string(), 'Run status: PENDING, RUNNING, COMPLETED, ERROR, CANCELLED, PAUSED, REGENERATED, …'),
  run_input: opt(z.string(), 'Input given to the run'),
  content: opt(z.union([z.string(), jsonObject]), 'Output content (text, or an object for structured output)'),
  run_response_format: opt(z.string(), '`text` when the stored content_type is `str`, else `json`'),
  reasoning_content: opt(z.string(), 'Reasoning content when reasoning was enabled'),
  reasoning_steps: opt(objectArray, 'Reasoning steps'),
  metrics: opt(jsonObject, 'Performance and usage metrics'),
  messages: opt(objectArray, 'Message history of the run'),
  tools: opt(objectArray, 'Tools used in the run'),
  events: opt(objectArray, 'Events generated during the run (null when none were stored)'),
  created_at: opt(z.iso.datetime(), 'Creation time of the run, ISO 8601 UTC'),
  references: opt(objectArray, 'References cited in the run'),
  citations: opt(jsonObject, 'Citations from the model, e.g. from grounded search'),
  reasoning_messages: opt(objectArray, 'Messages of the reasoning process'),
  session_state: opt(jsonObject, 'Session state at the end of the run'),
  images: opt(objectArray, 'Images produced in the run'),
  videos: opt(objectArray, 'Videos produced in the run'),
  audio: opt(objectArray, 'Audio produced in the run'),
  files: opt(objectArray, 'Files produced in the run'),
  response_audio: opt(jsonObject, 'Audio response when one was generated'),
  input_media: opt(
    z.object({ images: objectArray, videos: objectArray, audios: objectArray, files: objectArray }),
    'Media attached to the input: always the four lists images, videos, audios, files',
  ),
  followups: opt(z.array(z.unknown()), 'Suggested follow-up prompts (not in the documented shape; Agno sends them)'),
  forked_from_run_id: opt(z.string(), 'Run this one was forked from (not in the documented shape)'),
  forked_from_message_index: opt(z.number().int(), 'Message index the fork started at (not in the documented shape)'),
  forked_from_session_id: opt(z.string(), 'Session this run was forked from (not in the documented shape)'),
  regenerated_from: opt(z.string(), 'Run this one regenerated (not in the documented shape)'),
  last_checkpoint_at_message_index: opt(z.number().int(), 'Last checkpointed message index (not in the documented shape)'),
};

export const RunShapeSchema = z
  .object({
    run_id: z.string().describe('Unique identifier of the run'),
    parent_run_id: opt(z.string(), 'Parent run when this run is nested ("" when not stored)'),
    agent_id: opt(z.string(), 'Agent that executed the run'),
    user_id: opt(z.string(), 'User associated with the run'),
    ...commonRunFields,
  })
  .meta({ id: 'RunShape', description: 'An agent run, answered for `type=agent`.' });

export const TeamRunShapeSchema = z
  .object({
    run_id: z.string().describe('Unique identifier of the team run'),
    parent_run_id: opt(z.string(), 'Parent run when this run is nested ("" when not stored)'),
    team_id: opt(z.string(), 'Team that executed the run ("" for a member run read as a team run)'),
    ...commonRunFields,
  })
  .meta({
    id: 'TeamRunShape',
    description: 'A team run, answered for `type=team`: `team_id` instead of `agent_id`, no `user_id`.',
  });

export const WorkflowRunShapeSchema = z
  .object({
    run_id: z.string().describe('Unique identifier of the workflow run'),
    run_input: opt(z.string(), 'Input given to the workflow'),
    events: opt(objectArray, 'Events generated during the workflow'),
    workflow_id: opt(z.string(), 'Workflow that was executed'),
    user_id: opt(z.string(), 'User associated with the run'),
    content: opt(z.union([z.string(), jsonObject]), 'Output content'),
    content_type: opt(z.string(), 'Type of content returned'),
    status: opt(z.string(), 'Status of the workflow run'),
    step_results: opt(objectArray, 'Results of each workflow step'),
    step_executor_runs: opt(objectArray, 'Executor runs of each step'),
    metrics: opt(jsonObject, 'Performance and usage metrics'),
    created_at: opt(z.iso.datetime(), 'Creation time of the run, ISO 8601 UTC'),
    reasoning_content: opt(z.string(), 'Reasoning content'),
    reasoning_steps: opt(objectArray, 'Reasoning steps'),
    references: opt(objectArray, 'References cited'),
    citations: opt(jsonObject, 'Citations from the model'),
    reasoning_messages: opt(objectArray, 'Reasoning process messages'),
    images: opt(objectArray, 'Images included in the workflow'),
    videos: opt(objectArray, 'Videos included in the workflow'),
    audio: opt(objectArray, 'Audio included in the workflow'),
    files: opt(objectArray, 'Files included in the workflow'),
    response_audio: opt(jsonObject, 'Audio response when generated'),
    step_requirements: opt(objectArray, 'Requirements of a paused step (not in the documented shape)'),
    pause_kind: opt(z.string(), '`step` or `executor` when the run is paused (not in the documented shape)'),
    paused_step_name: opt(z.string(), 'Name of the paused step (not in the documented shape)'),
    paused_step_index: opt(z.number().int(), 'Index of the paused step (not in the documented shape)'),
  })
  .meta({
    id: 'WorkflowRunShape',
    description:
      'A workflow run, answered for `type=workflow`: no messages, tools, session_state, input_media or run_response_format.',
  });

export type RunShape = z.infer<typeof RunShapeSchema>;
export type TeamRunShape = z.infer<typeof TeamRunShapeSchema>;
export type WorkflowRunShape = z.infer<typeof WorkflowRunShapeSchema>;
export type AnyRunShape = RunShape | TeamRunShape | WorkflowRunShape;
