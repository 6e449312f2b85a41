import { z } from 'zod';
import type { AnyRunShape } from './run-shapes.js';

/**
 * rundesk's summary of a listed run (`GET /sessions/{id}/runs?summary=true`): the columns a run
 * list shows, without the bodies (messages, tools, events, content) that make a long session's
 * list tens of megabytes.
 */

/** Characters of `run_input` a summary keeps: a list row shows one line of it. */
export const SUMMARY_INPUT_CHARS = 240;

const opt = <T extends z.ZodType>(schema: T, description: string) => schema.nullable().optional().describe(description);

export const RunSummarySchema = z
  .object({
    run_id: z.string().describe('Unique identifier of the run'),
    parent_run_id: opt(z.string(), 'Parent run when this run is nested'),
    agent_id: opt(z.string(), 'Agent that executed the run (agent runs)'),
    team_id: opt(z.string(), 'Team that executed the run (team runs)'),
    workflow_id: opt(z.string(), 'Workflow that was executed (workflow runs)'),
    user_id: opt(z.string(), 'User associated with the run'),
    status: opt(z.string(), 'Run status'),
    created_at: opt(z.iso.datetime(), 'Creation time of the run, ISO 8601 UTC'),
    metrics: opt(z.record(z.string(), z.unknown()), 'Performance and usage metrics'),
    run_input: opt(z.string(), `The run's input, cut to its first ${SUMMARY_INPUT_CHARS} characters`),
    run_input_truncated: z.boolean().describe('Whether `run_input` was cut'),
  })
  .meta({ id: 'RunSummary', description: 'rundesk extension: the list columns of a run, without its bodies.' });

export type RunSummary = z.infer<typeof RunSummarySchema>;

const SUMMARY_KEYS = ['parent_run_id', 'agent_id', 'team_id', 'workflow_id', 'user_id', 'status', 'created_at', 'metrics'] as const;

/** The summary of a run already in its response shape (so both answer the same values). */
export function toRunSummary(shape: AnyRunShape): RunSummary {
  const out: RunSummary = { run_id: shape.run_id, run_input_truncated: false };
  const fields = shape as Record<string, unknown>;
  for (const key of SUMMARY_KEYS) if (Object.hasOwn(fields, key)) (out as Record<string, unknown>)[key] = fields[key];
  const input = shape.run_input;
  if (typeof input === 'string' && input.length > SUMMARY_INPUT_CHARS) {
    // Never half a surrogate pair.
    const cut = /[\uD800-\uDBFF]/.test(input.charAt(SUMMARY_INPUT_CHARS - 1)) ? SUMMARY_INPUT_CHARS - 1 : SUMMARY_INPUT_CHARS;
    out.run_input = input.slice(0, cut);
    out.run_input_truncated = true;
  } else {
    out.run_input = input ?? null;
  }
  return out;
}
