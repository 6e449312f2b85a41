import { isPlainObject } from '../agno-format/json-values.js';
import type { SessionType, StoredRun } from '../agno-format/types.js';

/**
 * A stored run reduced to what the search reads: its texts (input, output, each message, each
 * tool call with its arguments and result) and its facets (status, model, user, tools, error).
 * Built once per run and kept while the run is unchanged (`document-cache.ts`).
 */

export type TextWhere = 'id' | 'input' | 'output' | 'message' | 'tool';

export interface DocumentText {
  readonly where: TextWhere;
  /** Position in the run's `messages` for a message or a tool call made in one; else null. */
  readonly messageIndex: number | null;
  /** The message's role, the tool's name, or null. */
  readonly label: string | null;
  readonly text: string;
  /** `text` lowercased, searched instead of `text` (a case change can alter the length, see `snippet`). */
  readonly lower: string;
}

export interface RunDocument {
  readonly sessionId: string;
  readonly sessionType: SessionType;
  readonly sessionName: string;
  readonly runId: string;
  readonly parentRunId: string | null;
  readonly userId: string | null;
  /** agent_id, team_id or workflow_id of the run (else of its session). */
  readonly componentId: string | null;
  readonly status: string | null;
  readonly model: string | null;
  /** Epoch seconds. */
  readonly createdAt: number | null;
  /** Distinct tool names in call order. */
  readonly tools: readonly string[];
  readonly toolCallCount: number;
  readonly hasError: boolean;
  readonly texts: readonly DocumentText[];
  /** Every text lowercased and joined: one `includes` rejects most runs at once. */
  readonly all: string;
}

export interface DocumentSession {
  session_id: string;
  session_type: SessionType;
  session_name: string;
  user_id: string | null;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Run statuses that count as failed (`errors=true`, `is:error`, `has_error`). */
const FAILED_STATUSES: ReadonlySet<string> = new Set(['ERROR', 'CANCELLED']);

/** Text of a content value: strings as they are, anything else as JSON. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    // Multi-part message content: the text parts read as text.
    const parts = value.map((p) => (isPlainObject(p) && typeof p['text'] === 'string' ? p['text'] : JSON.stringify(p)));
    return parts.join('\n');
  }
  return JSON.stringify(value) ?? '';
}

function argsText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : (JSON.stringify(value) ?? '');
}

interface ToolCallSeen {
  name: string;
  error: boolean;
}

export function buildRunDocument(session: DocumentSession, run: StoredRun): RunDocument {
  const texts: DocumentText[] = [];
  const add = (where: TextWhere, messageIndex: number | null, label: string | null, text: string) => {
    if (text !== '') texts.push({ where, messageIndex, label, text, lower: text.toLowerCase() });
  };
  const runId = str(run['run_id']) ?? '';
  add('id', null, null, [session.session_id, runId, session.session_name].filter(Boolean).join(' '));

  const input = run['input'];
  add('input', null, null, textOf(isPlainObject(input) ? input['input_content'] : input));
  add('output', null, null, textOf(run['content']));
  const steps = run['step_results'];
  if (Array.isArray(steps)) for (const step of steps) if (isPlainObject(step)) add('output', null, str(step['step_name']), textOf(step['content']));

  const calls: ToolCallSeen[] = [];
  const messages = Array.isArray(run['messages']) ? run['messages'] : [];
  messages.forEach((message, i) => {
    if (!isPlainObject(message)) return;
    const role = str(message['role']);
    if (role === 'tool') {
      const name = str(message['tool_name']) ?? 'tool';
      add('tool', i, name, `${name} ${argsText(message['tool_args'])}`);
      add('message', i, role, textOf(message['content']));
      if (message['tool_call_error'] === true) calls.push({ name, error: true });
      return;
    }
    add('message', i, role, textOf(message['content']));
    const toolCalls = message['tool_calls'];
    if (!Array.isArray(toolCalls)) return;
    for (const call of toolCalls) {
      if (!isPlainObject(call)) continue;
      const fn = isPlainObject(call['function']) ? call['function'] : call;
      const name = str(fn['name']) ?? str(call['tool_name']) ?? 'tool';
      calls.push({ name, error: false });
      add('tool', i, name, `${name} ${argsText(fn['arguments'] ?? call['tool_args'])}`);
    }
  });
  // Executions stored on the run, when the conversation does not carry them (or holds none).
  const executions = Array.isArray(run['tools']) ? run['tools'] : [];
  const fromMessages = calls.filter((c) => !c.error).length;
  for (const tool of executions) {
    if (!isPlainObject(tool)) continue;
    const name = str(tool['tool_name']) ?? 'tool';
    if (fromMessages === 0) {
      calls.push({ name, error: false });
      add('tool', null, name, `${name} ${argsText(tool['tool_args'])}`);
      add('tool', null, name, textOf(tool['result']));
    }
    if (tool['tool_call_error'] === true) calls.push({ name, error: true });
  }

  const status = str(run['status']);
  const invoked = calls.filter((c) => !c.error);
  return {
    sessionId: session.session_id,
    sessionType: session.session_type,
    sessionName: session.session_name,
    runId,
    parentRunId: str(run['parent_run_id']),
    userId: str(run['user_id']) ?? session.user_id,
    componentId: str(run['agent_id']) ?? str(run['team_id']) ?? str(run['workflow_id']) ?? session.agent_id ?? session.team_id ?? session.workflow_id,
    status,
    model: str(run['model']),
    createdAt: typeof run['created_at'] === 'number' && Number.isFinite(run['created_at']) ? run['created_at'] : null,
    tools: [...new Set(invoked.map((c) => c.name))],
    toolCallCount: invoked.length,
    // A cancelled run failed too: Agno's tracing closes its trace as ERROR, so Traces → Errors and is:error list the same runs.
    hasError: FAILED_STATUSES.has(status?.toUpperCase() ?? '') || calls.some((c) => c.error),
    texts,
    all: texts.map((t) => t.lower).join('\n'),
  };
}
