import path from 'node:path';

import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { openDatabase } from '../../db/agno/database.js';
import type { SqliteDatabase as Database, StoredRun } from '../../db/types.js';
import { buildAgnoDb, DEMO, makeDemoSessions } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema } from './run-shapes.js';
import { toRunShape } from './to-run-shape.js';

const AGENT_RUN_FIELDS = [
  'run_id', 'parent_run_id', 'agent_id', 'user_id', 'status', 'run_input', 'content', 'run_response_format',
  'reasoning_content', 'reasoning_steps', 'metrics', 'messages', 'tools', 'events', 'created_at', 'references',
  'citations', 'reasoning_messages', 'session_state', 'images', 'videos', 'audio', 'files', 'response_audio', 'input_media',
];
const WORKFLOW_RUN_FIELDS = [
  'run_id', 'run_input', 'events', 'workflow_id', 'user_id', 'content', 'content_type', 'status', 'step_results',
  'step_executor_runs', 'metrics', 'created_at', 'reasoning_content', 'reasoning_steps', 'references', 'citations',
  'reasoning_messages', 'images', 'videos', 'audio', 'files', 'response_audio',
];

let temp: ReturnType<typeof makeTempDir>;
let db: Database;

function runsOf(sessionId: string): StoredRun[] {
  return db.store().listRuns(sessionId, {}) ?? [];
}

beforeAll(() => {
  temp = makeTempDir();
  const file = path.join(temp.dir, 'demo.db');
  buildAgnoDb(file, makeDemoSessions());
  db = openDatabase({ id: 'demo', path: file, readOnly: true });
});

afterAll(() => {
  db.close();
  temp.remove();
});

describe('toRunShape for type=agent', () => {
  it('has every field of an agent run and fits RunShapeSchema', () => {
    const [run] = runsOf(DEMO.agentSingle);
    const shape = toRunShape(run as StoredRun, 'agent');
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(AGENT_RUN_FIELDS));
    expect(RunShapeSchema.parse(shape)).toEqual(shape);
    expect(shape).toMatchObject({
      agent_id: 'research-assistant',
      user_id: 'frank',
      parent_run_id: '',
      status: 'COMPLETED',
      run_input: 'How does base editing differ from classic CRISPR-Cas9 cutting?',
      run_response_format: 'text',
      reasoning_content: '',
      created_at: '2026-04-04T09:39:15Z',
      input_media: { images: [], videos: [], audios: [], files: [] },
      session_state: {},
      citations: null,
      events: null,
      tools: null,
    });
  });

  it('turns a stored empty events list into null and keeps stored events', () => {
    const runs = runsOf(DEMO.agentMulti);
    const reloaded = runs.find((r) => Array.isArray(r['events']) && (r['events'] as unknown[]).length === 0) as StoredRun;
    const withEvents = runs.find((r) => Array.isArray(r['events']) && (r['events'] as unknown[]).length > 0) as StoredRun;
    expect(toRunShape(reloaded, 'agent').events).toBeNull();
    expect(toRunShape(withEvents, 'agent').events).toHaveLength((withEvents['events'] as unknown[]).length);
    expect(toRunShape(withEvents, 'agent').tools).toHaveLength(1);
  });

  it('answers structured output as json with the content object, and lists input media', () => {
    const [images, invoice] = runsOf(DEMO.agentMedia) as [StoredRun, StoredRun];
    const shape = toRunShape(invoice, 'agent');
    expect(shape.run_response_format).toBe('json');
    expect(shape.content).toEqual({ invoice_number: 'INV-12579', total: 1249.5, currency: 'EUR', due_date: '2026-05-01' });
    expect(shape.input_media?.files).toHaveLength(1);
    expect(toRunShape(images, 'agent').input_media?.images).toHaveLength(2);
  });

  it('passes reasoning, references and citations through', () => {
    const [reasoning, cited] = runsOf(DEMO.agentReasoning) as [StoredRun, StoredRun];
    expect(toRunShape(reasoning, 'agent').reasoning_steps).toHaveLength(2);
    expect(toRunShape(reasoning, 'agent').reasoning_content).toContain('## Fetch quarterly revenue');
    expect(toRunShape(cited, 'agent').references).toHaveLength(1);
    expect(toRunShape(cited, 'agent').citations).toMatchObject({ search_queries: ['urban heat island mitigation'] });
  });

  it('uses the from_dict defaults for a run that stores almost nothing', () => {
    expect(toRunShape({ run_id: 'r1' }, 'agent')).toEqual({
      run_id: 'r1', parent_run_id: '', agent_id: '', user_id: '', status: null, run_input: '', content: '',
      run_response_format: 'text', reasoning_content: '', reasoning_steps: [], metrics: {}, messages: null, tools: null,
      events: null, created_at: null, references: [], citations: null, reasoning_messages: [], session_state: null,
      images: [], videos: [], audio: [], files: [], response_audio: null,
      input_media: { images: [], videos: [], audios: [], files: [] }, followups: null, forked_from_run_id: null,
      forked_from_message_index: null, forked_from_session_id: null, regenerated_from: null, last_checkpoint_at_message_index: null,
    });
  });
});

describe('toRunShape for type=team', () => {
  it('has team_id and neither agent_id nor user_id', () => {
    const team = runsOf(DEMO.teamStored).find((r) => r['team_id']) as StoredRun;
    const shape = toRunShape(team, 'team');
    expect(shape).toMatchObject({ team_id: 'research-team', run_input: 'Write a 150-word brief on coral reef restoration with two sources.' });
    expect(shape).not.toHaveProperty('agent_id');
    expect(shape).not.toHaveProperty('user_id');
    expect(TeamRunShapeSchema.parse(shape)).toEqual(shape);
    expect(shape.tools?.[0]).toMatchObject({ tool_name: 'delegate_task_to_member' });
  });

  it('answers a member run read with type=team in the team shape, team_id empty', () => {
    const member = runsOf(DEMO.teamStored).find((r) => r['agent_id']) as StoredRun;
    const shape = toRunShape(member, 'team');
    expect(shape.team_id).toBe('');
    expect(shape.parent_run_id).toBe(runsOf(DEMO.teamStored).find((r) => r['team_id'])?.['run_id']);
    expect(shape).not.toHaveProperty('agent_id');
  });
});

describe('toRunShape for type=workflow', () => {
  it('has the fields of a workflow run and no messages, tools, session_state, input_media or run_response_format', () => {
    const [run] = runsOf(DEMO.workflowEvents) as [StoredRun];
    const shape = toRunShape(run, 'workflow');
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(WORKFLOW_RUN_FIELDS));
    for (const absent of ['messages', 'tools', 'session_state', 'input_media', 'run_response_format']) {
      expect(shape).not.toHaveProperty(absent);
    }
    expect(WorkflowRunShapeSchema.parse(shape)).toEqual(shape);
    expect(shape).toMatchObject({ workflow_id: 'content-pipeline', user_id: 'ivan', content_type: 'str', status: 'COMPLETED', pause_kind: null });
    expect(shape.step_results).toHaveLength(2);
    expect(shape.step_executor_runs).toHaveLength(2);
  });

  it('indents a dict input and keeps an error run without step results', () => {
    const [dictRun, errorRun] = runsOf(DEMO.workflowDictError) as [StoredRun, StoredRun];
    expect(toRunShape(dictRun, 'workflow').run_input).toBe(
      '{\n  "ticker": "NVDA",\n  "horizon_days": 7,\n  "audience": "portfolio managers"\n}',
    );
    const error = toRunShape(errorRun, 'workflow');
    expect(error.status).toBe('ERROR');
    expect(error.step_results).toEqual([]);
    expect(error.events).toEqual([]);
  });
});

describe('every shape', () => {
  it('fits its schema for any JSON object stored as a run', () => {
    const anyRun = fc.dictionary(
      fc.constantFrom('run_id', 'content', 'content_type', 'messages', 'events', 'created_at', 'input', 'metrics', 'status', 'team_id', 'agent_id', 'tools', 'step_results', 'citations', 'images', 'paused_step_index', 'followups', 'x'),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(anyRun, (run) => {
        RunShapeSchema.parse(toRunShape(run, 'agent'));
        TeamRunShapeSchema.parse(toRunShape(run, 'team'));
        WorkflowRunShapeSchema.parse(toRunShape(run, 'workflow'));
      }),
    );
  });

  it('registers in an OpenAPI 3.1 document under its own component name, run_id required', () => {
    const registry = new OpenAPIRegistry();
    registry.registerPath({
      method: 'get',
      path: '/sessions/{session_id}/runs/{run_id}',
      responses: {
        200: {
          description: 'Run retrieved',
          content: { 'application/json': { schema: z.union([RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema]) } },
        },
      },
    });
    const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
    });
    const schemas = doc.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['RunShape', 'TeamRunShape', 'WorkflowRunShape']));
    expect(schemas['RunShape']).toMatchObject({ type: 'object', required: ['run_id'] });
    expect(JSON.stringify(schemas['RunShape'])).toContain('date-time');
  });
});
