import type { StoredRun } from '../db/types.js';
import type { AgnoSessionRecord } from './agno-session-record.js';
import type { ModelRef } from './agno-runs.js';
import { GPT_4O } from './agno-runs.js';

/**
 * Session records around run dicts, with the session-level JSON agno writes (§4):
 * `session_data` with state and summed metrics, `agent_data` / `team_data` / `workflow_data`.
 */

type Json = Record<string, unknown>;

interface SessionCommon {
  sessionId: string;
  userId?: string | null;
  /** Epoch seconds; default: the first run's `created_at`. */
  createdAt?: number;
  /** Epoch seconds; default: the last run's `created_at` (or createdAt). */
  updatedAt?: number;
  sessionName?: string;
  sessionState?: Json;
  model?: ModelRef;
}

export interface AgentSessionSpec extends SessionCommon {
  agentId: string;
  agentName: string;
  runs: StoredRun[];
}

export function makeAgentSession(spec: AgentSessionSpec): AgnoSessionRecord {
  return {
    session_id: spec.sessionId,
    session_type: 'agent',
    agent_id: spec.agentId,
    user_id: spec.userId ?? null,
    session_data: sessionData(spec, spec.runs),
    agent_data: { name: spec.agentName, agent_id: spec.agentId, model: modelDict(spec.model ?? GPT_4O) },
    metadata: null,
    runs: spec.runs,
    summary: null,
    ...times(spec, spec.runs),
  };
}

export interface TeamSessionSpec extends SessionCommon {
  teamId: string;
  teamName: string;
  /** In stored order: member runs first, then the team run that delegated to them. */
  runs: StoredRun[];
}

export function makeTeamSession(spec: TeamSessionSpec): AgnoSessionRecord {
  return {
    session_id: spec.sessionId,
    session_type: 'team',
    team_id: spec.teamId,
    user_id: spec.userId ?? null,
    session_data: sessionData(spec, spec.runs),
    team_data: { name: spec.teamName, team_id: spec.teamId, model: modelDict(spec.model ?? GPT_4O) },
    metadata: null,
    runs: spec.runs,
    summary: null,
    ...times(spec, spec.runs),
  };
}

export interface WorkflowSessionSpec extends SessionCommon {
  workflowId: string;
  workflowName: string;
  steps: Array<{ name: string; description: string }>;
  runs: StoredRun[];
}

export function makeWorkflowSession(spec: WorkflowSessionSpec): AgnoSessionRecord {
  const stepRuns = spec.runs.flatMap((r) => (Array.isArray(r['step_executor_runs']) ? (r['step_executor_runs'] as StoredRun[]) : []));
  return {
    session_id: spec.sessionId,
    session_type: 'workflow',
    workflow_id: spec.workflowId,
    user_id: spec.userId ?? null,
    session_data: sessionData(spec, stepRuns),
    workflow_data: {
      workflow_id: spec.workflowId,
      name: spec.workflowName,
      steps: spec.steps.map((s) => ({ name: s.name, description: s.description, type: 'Step' })),
    },
    metadata: {},
    runs: spec.runs,
    summary: null,
    ...times(spec, spec.runs),
  };
}

function modelDict(model: ModelRef): Json {
  return { name: model.name, id: model.id, provider: model.provider };
}

/** `{session_state, session_metrics, session_name?}`, metrics summed over `metricRuns` (§4.1). */
function sessionData(spec: SessionCommon, metricRuns: StoredRun[]): Json | null {
  const totals = { input_tokens: 0, output_tokens: 0, total_tokens: 0 };
  const byModel = new Map<string, Json & typeof totals>();
  for (const run of metricRuns) {
    const metrics = run['metrics'] as Json | undefined;
    const details = ((metrics?.['details'] as Json | undefined)?.['model'] as Json[] | undefined) ?? [];
    for (const d of details) {
      const key = `${String(d['provider'])}/${String(d['id'])}`;
      const entry = byModel.get(key) ?? { input_tokens: 0, output_tokens: 0, total_tokens: 0, id: d['id'], provider: d['provider'] };
      for (const k of ['input_tokens', 'output_tokens', 'total_tokens'] as const) {
        const n = typeof d[k] === 'number' ? (d[k] as number) : 0;
        entry[k] += n;
        totals[k] += n;
      }
      byModel.set(key, entry);
    }
  }
  const data: Json = {};
  if (metricRuns.length > 0 || spec.sessionState) data['session_state'] = spec.sessionState ?? {};
  if (totals.total_tokens > 0) {
    data['session_metrics'] = {
      ...totals,
      details: { model: [...byModel.values()].map(({ input_tokens, output_tokens, total_tokens, id, provider }) => ({ input_tokens, output_tokens, total_tokens, id, provider })) },
    };
  }
  if (spec.sessionName !== undefined) data['session_name'] = spec.sessionName;
  return Object.keys(data).length > 0 ? data : null;
}

function times(spec: SessionCommon, runs: StoredRun[]): { created_at: number; updated_at: number } {
  const first = runs[0]?.['created_at'];
  const last = runs.at(-1)?.['created_at'];
  const created = spec.createdAt ?? (typeof first === 'number' ? first : 1_775_295_555);
  const updated = spec.updatedAt ?? (typeof last === 'number' ? Math.max(last, created) : created);
  return { created_at: created, updated_at: updated };
}
