import type { AgnoMessage, AgnoToolCall, MediaItem } from '../api-types/shapes';

/**
 * Turns Agno's stored messages (agno-format §5.4) into conversation rows: content normalised
 * into parts, assistant tool calls parsed, and tool results linked to the call they answer.
 * Pure, O(n): a 2,000-message run is prepared in one pass.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool' | 'developer' | 'other';

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string; detail?: string }
  | { type: 'audio'; data: string; format?: string }
  | { type: 'json'; value: unknown };

export interface ToolCallView {
  id: string | null;
  name: string;
  /** Parsed arguments (object) when `arguments` is JSON; the raw string otherwise. */
  args: unknown;
  /** Whether `args` came from valid JSON. */
  argsValid: boolean;
  /** Index of the tool message answering this call, when present. */
  resultIndex: number | null;
  resultError: boolean;
}

export interface ConversationRow {
  /** Stable key for virtualization. */
  key: string;
  /** Index in the stored message list. */
  index: number;
  role: Role;
  /** The role as stored (for unknown roles). */
  rawRole: string;
  message: AgnoMessage;
  parts: ContentPart[];
  toolCalls: ToolCallView[];
  /** For `tool` rows: the call this answers (name/args from the assistant message). */
  answers: { name: string; args: unknown; callIndex: number | null } | null;
  /** 1-based user turn this message belongs to (0 = before the first user message). */
  turn: number;
  fromHistory: boolean;
  isError: boolean;
  media: { images: MediaItem[]; audio: MediaItem[]; videos: MediaItem[]; files: MediaItem[] };
}

export function normaliseRole(role: unknown): Role {
  switch (role) {
    case 'system':
    case 'user':
    case 'assistant':
    case 'tool':
    case 'developer':
      return role;
    case 'model':
      return 'assistant';
    case 'function':
      return 'tool';
    default:
      return 'other';
  }
}

/** Parses a tool call's `arguments` (a JSON string in OpenAI's format, sometimes already an object). */
export function parseArguments(raw: unknown): { value: unknown; valid: boolean } {
  if (raw === undefined || raw === null || raw === '') return { value: {}, valid: true };
  if (typeof raw !== 'string') return { value: raw, valid: true };
  try {
    return { value: JSON.parse(raw), valid: true };
  } catch {
    return { value: raw, valid: false };
  }
}

/** Message content (string, OpenAI-style part list, or object) as display parts. */
export function contentParts(content: unknown): ContentPart[] {
  if (content === null || content === undefined || content === '') return [];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (typeof content === 'number' || typeof content === 'boolean') return [{ type: 'text', text: String(content) }];
  if (Array.isArray(content)) {
    const parts: ContentPart[] = [];
    for (const item of content) {
      if (typeof item === 'string') {
        parts.push({ type: 'text', text: item });
        continue;
      }
      if (item && typeof item === 'object') {
        const it = item as Record<string, unknown>;
        if ((it.type === 'text' || it.type === 'input_text' || it.type === 'output_text') && typeof it.text === 'string') {
          parts.push({ type: 'text', text: it.text });
          continue;
        }
        if (it.type === 'image_url' && it.image_url && typeof it.image_url === 'object') {
          const iu = it.image_url as { url?: unknown; detail?: unknown };
          if (typeof iu.url === 'string') {
            parts.push({ type: 'image', url: iu.url, ...(typeof iu.detail === 'string' ? { detail: iu.detail } : {}) });
            continue;
          }
        }
        if (it.type === 'input_audio' && it.input_audio && typeof it.input_audio === 'object') {
          const ia = it.input_audio as { data?: unknown; format?: unknown };
          if (typeof ia.data === 'string') {
            parts.push({ type: 'audio', data: ia.data, ...(typeof ia.format === 'string' ? { format: ia.format } : {}) });
            continue;
          }
        }
      }
      parts.push({ type: 'json', value: item });
    }
    return parts;
  }
  return [{ type: 'json', value: content }];
}

function toolCallName(call: AgnoToolCall): string {
  const fn = call.function;
  if (fn && typeof fn.name === 'string' && fn.name) return fn.name;
  const n = (call as { name?: unknown }).name;
  return typeof n === 'string' && n ? n : 'tool';
}

function list(v: unknown): MediaItem[] {
  return Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as MediaItem[]) : [];
}

export function buildConversation(messages: readonly AgnoMessage[] | null | undefined): ConversationRow[] {
  if (!Array.isArray(messages)) return [];
  const rows: ConversationRow[] = [];
  /** tool_call_id → [row index, call index] */
  const pending = new Map<string, { row: number; call: number }>();
  let turn = 0;

  messages.forEach((raw, index) => {
    const message: AgnoMessage = raw && typeof raw === 'object' ? raw : { content: raw };
    const rawRole = typeof message.role === 'string' ? message.role : 'unknown';
    const role = normaliseRole(rawRole);
    if (role === 'user' && !message.from_history) turn += 1;

    const toolCalls: ToolCallView[] = [];
    if (Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls) {
        if (!call || typeof call !== 'object') continue;
        const { value, valid } = parseArguments(call.function?.arguments ?? (call as { arguments?: unknown }).arguments);
        const id = typeof call.id === 'string' ? call.id : null;
        toolCalls.push({ id, name: toolCallName(call), args: value, argsValid: valid, resultIndex: null, resultError: false });
        if (id) pending.set(id, { row: rows.length, call: toolCalls.length - 1 });
      }
    }

    let answers: ConversationRow['answers'] = null;
    if (role === 'tool') {
      const link = message.tool_call_id ? pending.get(message.tool_call_id) : undefined;
      const linked = link ? rows[link.row]?.toolCalls[link.call] : undefined;
      if (link && linked) {
        linked.resultIndex = index;
        linked.resultError = message.tool_call_error === true;
        answers = { name: linked.name, args: linked.args, callIndex: rows[link.row]?.index ?? null };
      } else {
        answers = {
          name: typeof message.tool_name === 'string' ? message.tool_name : (message.name ?? 'tool'),
          args: message.tool_args ?? null,
          callIndex: null,
        };
      }
    }

    rows.push({
      key: typeof message.id === 'string' && message.id ? `${message.id}:${index}` : `m${index}`,
      index,
      role,
      rawRole,
      message,
      parts: contentParts(message.content),
      toolCalls,
      answers,
      turn,
      fromHistory: message.from_history === true,
      isError: message.tool_call_error === true,
      media: {
        images: list(message.images),
        audio: list(message.audio),
        videos: list(message.videos),
        files: list(message.files),
      },
    });
  });
  return rows;
}

/** Counts by role, for the conversation header (`{ user: 3, assistant: 5, tool: 4 }`). */
export function roleCounts(rows: readonly ConversationRow[]): Partial<Record<Role, number>> {
  const out: Partial<Record<Role, number>> = {};
  for (const r of rows) out[r.role] = (out[r.role] ?? 0) + 1;
  return out;
}

/** Total tool calls made by assistant messages. */
export function toolCallCount(rows: readonly ConversationRow[]): number {
  return rows.reduce((n, r) => n + r.toolCalls.length, 0);
}
