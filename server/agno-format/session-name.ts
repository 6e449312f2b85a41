import { pythonJsonDumps } from './python-json.js';
import { isPlainObject } from './json-values.js';
import { stringifyInputContent } from './run-input.js';
import type { SessionType } from './types.js';

/**
 * A session's display name the way agno's `get_session_name` derives it:
 * `session_data.session_name` when set; for workflows the first run's input, else
 * `New {workflow name} Session`; for agents and teams the first user message (teams look only
 * at their own runs, not member runs), else that run's stringified input.
 */

export interface NameSource {
  session_type: SessionType;
  session_data: Record<string, unknown> | null;
  workflow_data: Record<string, unknown> | null;
}

/** `session_data.session_name` when one was set, else `undefined`. */
export function explicitSessionName(sessionData: Record<string, unknown> | null): string | undefined {
  const name = sessionData?.['session_name'];
  if (name === undefined || name === null) return undefined;
  return typeof name === 'string' ? name : pythonJsonDumps(name);
}

/** Whether agno's name derivation looks at this run (team sessions skip member runs). */
export function isNameCandidate(sessionType: SessionType, run: unknown): boolean {
  if (!isPlainObject(run)) return false;
  return sessionType !== 'team' || !run['agent_id'];
}

/**
 * The name one candidate run gives, or `undefined` when agno would move on to the next run.
 * For workflows only the first run counts, so `undefined` means "use the fallback".
 */
export function nameFromRun(sessionType: SessionType, run: unknown): string | undefined {
  if (!isPlainObject(run)) return undefined;
  const input = run['input'];
  if (sessionType === 'workflow') {
    if (typeof input === 'string') return input;
    if (isPlainObject(input)) return pythonJsonDumps(input);
    return undefined;
  }
  const messages = run['messages'];
  if (Array.isArray(messages)) {
    for (const message of messages) {
      if (!isPlainObject(message) || message['role'] !== 'user') continue;
      const content = message['content'];
      if (isTruthy(content)) return typeof content === 'string' ? content : pythonJsonDumps(content);
    }
  }
  if (input !== undefined && input !== null) return stringifyInputContent(input) ?? '';
  return undefined;
}

/**
 * The name when no candidate run yields one: `New {name} Session` for a workflow session that
 * has runs (agno answers '' for a workflow session without runs), else ''.
 */
export function fallbackSessionName(source: NameSource, hasRuns: boolean): string {
  if (source.session_type !== 'workflow' || !hasRuns) return '';
  const name = source.workflow_data?.['name'];
  return isTruthy(name) ? `New ${typeof name === 'string' ? name : pythonJsonDumps(name)} Session` : '';
}

/**
 * The full derivation over the session's runs in stored order.
 *
 * @example
 * deriveSessionName({ session_type: 'agent', session_data: null, workflow_data: null },
 *   [{ messages: [{ role: 'user', content: 'Hi' }] }]) // 'Hi'
 */
export function deriveSessionName(source: NameSource, runs: Iterable<unknown>): string {
  const explicit = explicitSessionName(source.session_data);
  if (explicit !== undefined) return explicit;
  let hasRuns = false;
  for (const run of runs) {
    hasRuns = true;
    if (!isNameCandidate(source.session_type, run)) continue;
    const name = nameFromRun(source.session_type, run);
    if (name !== undefined) return name;
    if (source.session_type === 'workflow') break;
  }
  return fallbackSessionName(source, hasRuns);
}

/** Python truthiness for JSON values. */
function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}
