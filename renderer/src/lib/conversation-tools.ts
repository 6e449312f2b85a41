import type { AgnoMessage, JsonObject, ToolExecution } from '../api-types/shapes';
import { buildConversation, type ConversationRow } from './conversation';

/** A tool call as the Tools tab lists it: the stored execution's fields, and where the conversation holds it. */
export interface ListedToolCall extends ToolExecution {
  /** The assistant message that made the call (or the tool message that answered it), when in the conversation. */
  message_index: number | null;
}

function argsObject(args: unknown): JsonObject {
  if (args && typeof args === 'object' && !Array.isArray(args)) return args as JsonObject;
  return args === null || args === undefined ? {} : { arguments: args };
}

/**
 * Every tool call of a run: those its conversation shows (assistant `tool_calls` with the tool
 * message that answered each, and tool messages answering no call), completed by the run's
 * stored `tools` executions (metrics, child runs, confirmations), plus stored executions the
 * conversation lacks. Agno often leaves `tools` empty while the messages hold every call.
 */
export function listToolCalls(messages: readonly AgnoMessage[] | null | undefined, stored: readonly ToolExecution[] | null | undefined, rows?: readonly ConversationRow[]): ListedToolCall[] {
  const conversation = rows ?? buildConversation(messages);
  const out: ListedToolCall[] = [];
  for (const row of conversation) {
    for (const call of row.toolCalls) {
      const answer = call.resultIndex === null ? undefined : conversation[call.resultIndex]?.message;
      out.push({
        tool_call_id: call.id,
        tool_name: call.name,
        tool_args: argsObject(call.args),
        tool_call_error: call.resultError,
        result: answer?.content ?? null,
        message_index: row.index,
      });
    }
    if (row.role === 'tool' && row.answers && row.answers.callIndex === null) {
      out.push({
        tool_call_id: row.message.tool_call_id ?? null,
        tool_name: row.answers.name,
        tool_args: argsObject(row.answers.args),
        tool_call_error: row.isError,
        result: row.message.content ?? null,
        message_index: row.index,
      });
    }
  }
  const byId = new Map(out.flatMap((c) => (c.tool_call_id ? [[c.tool_call_id, c] as const] : [])));
  for (const execution of Array.isArray(stored) ? stored : []) {
    if (!execution || typeof execution !== 'object') continue;
    const seen = execution.tool_call_id ? byId.get(execution.tool_call_id) : undefined;
    if (seen) Object.assign(seen, execution, { message_index: seen.message_index });
    else out.push({ ...execution, message_index: null });
  }
  return out;
}
