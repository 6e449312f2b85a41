import { isPlainObject } from './json-values.js';
import { pythonJsonDumps, pythonRepr } from './python-json.js';

/**
 * How the reference service turns a stored run's input into the `run_input` string and the
 * `input_media` object (as agno's `os/utils.py` builds it).
 */

type Json = Record<string, unknown>;

/**
 * agno's `stringify_input_content`: text as is; an object as `json.dumps(d, indent=2)`; a
 * list whose first item is a user message dict as that message's content; any other list
 * as Python's `str(list)`; anything else as `str(x)`.
 *
 * @example
 * stringifyInputContent({ ticker: 'NVDA' }) // '{\n  "ticker": "NVDA"\n}'
 */
export function stringifyInputContent(input: unknown): string | null {
  if (typeof input === 'string') return input;
  if (isPlainObject(input)) return pythonJsonDumps(input, { indent: 2 });
  if (Array.isArray(input)) {
    const first: unknown = input[0];
    if (isPlainObject(first) && first['role'] === 'user') {
      // Python's dict.get(key, default) returns a stored None as None; pydantic then keeps null.
      return 'content' in first ? asRunInputText(first['content']) : pythonRepr(input);
    }
    return pythonRepr(input);
  }
  return pythonRepr(input);
}

/**
 * agno's `get_run_input`. Agent and team runs read `input.input_content`; workflow runs read
 * `input`, then the last user message of the first step executor run; all fall back to the
 * last user message of the run's own messages.
 */
export function getRunInput(run: Json, isWorkflowRun: boolean): string | null {
  const input = run['input'];
  if (!isWorkflowRun) {
    if (isPlainObject(input) && input['input_content'] !== undefined && input['input_content'] !== null) {
      return stringifyInputContent(input['input_content']);
    }
  } else {
    if (input !== undefined && input !== null) return stringifyInputContent(input);
    const executorRuns = run['step_executor_runs'];
    if (Array.isArray(executorRuns) && executorRuns.length > 0 && isPlainObject(executorRuns[0])) {
      const found = lastUserContent(executorRuns[0]['messages']);
      if (found !== undefined) return found;
    }
  }
  return lastUserContent(run['messages']) ?? '';
}

function lastUserContent(messages: unknown): string | null | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message: unknown = messages[i];
    if (isPlainObject(message) && message['role'] === 'user') {
      return 'content' in message ? asRunInputText(message['content']) : '';
    }
  }
  return undefined;
}

/**
 * `run_input` is a string or null in every shape. A message's content can also be a list of
 * parts (multimodal), which pydantic would reject with a 500; that becomes its JSON text.
 */
function asRunInputText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return null;
  return pythonJsonDumps(content);
}

export interface InputMedia {
  images: Json[];
  videos: Json[];
  audios: Json[];
  files: Json[];
}

/** agno's `extract_input_media`: always the four keys, media dicts passed through. */
export function extractInputMedia(run: Json): InputMedia {
  const input = run['input'];
  const pick = (key: keyof InputMedia): Json[] => {
    const list = isPlainObject(input) ? input[key] : undefined;
    return Array.isArray(list) ? list.filter(isPlainObject) : [];
  };
  return { images: pick('images'), videos: pick('videos'), audios: pick('audios'), files: pick('files') };
}
