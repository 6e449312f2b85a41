import type { AgnoMessage } from '../../api-types/shapes';
import { spanKind } from './kind';
import type { SpanNode, SpanTree } from './tree';

/**
 * Links between a trace and the run's conversation. A model or tool span belongs to the run of
 * its nearest agent/team ancestor (`metadata.run_id`); within that run the k-th model call is
 * the k-th assistant message the run wrote (history excluded), and the k-th call of a tool is
 * the k-th tool call of that name in its assistant messages. Order is what both sides share:
 * the spans carry no message ids.
 */
export interface MessageTarget {
  runId: string;
  /** Index in the run's stored `messages`. */
  messageIndex: number;
  /** The tool call's id, for a tool span. */
  toolCallId: string | null;
}

export function owningRunId(node: SpanNode): string | null {
  for (let p: SpanNode | null = node; p; p = p.parent) {
    const runId = p.span.metadata.run_id;
    if (typeof runId === 'string' && runId && spanKind(p.span) !== 'model' && spanKind(p.span) !== 'tool') return runId;
  }
  return null;
}

/** Model or tool spans of `runId`, in start order (`kind` model or tool). */
function spansOfRun(tree: SpanTree, runId: string, kind: 'model' | 'tool'): SpanNode[] {
  return tree.order.filter((n) => spanKind(n.span) === kind && owningRunId(n) === runId).sort((a, b) => a.span.start - b.span.start);
}

const ownMessages = (messages: readonly AgnoMessage[]) => messages.map((m, index) => ({ m, index })).filter(({ m }) => !m.from_history);

function assistantIndexes(messages: readonly AgnoMessage[]): number[] {
  return ownMessages(messages)
    .filter(({ m }) => m.role === 'assistant' || m.role === 'model')
    .map(({ index }) => index);
}

function toolCallsNamed(messages: readonly AgnoMessage[], name: string): { index: number; id: string | null }[] {
  const out: { index: number; id: string | null }[] = [];
  for (const { m, index } of ownMessages(messages)) {
    for (const call of m.tool_calls ?? []) {
      const fn = (call as { function?: { name?: string } }).function;
      if (fn?.name === name) out.push({ index, id: typeof call.id === 'string' ? call.id : null });
    }
  }
  return out;
}

const toolNameOf = (n: SpanNode) => (typeof n.span.metadata.tool_name === 'string' ? n.span.metadata.tool_name : n.span.name);

/** The message (or tool call) a model or tool span stands for, in `messages` of its own run. */
export function messageForSpan(tree: SpanTree, node: SpanNode, messages: readonly AgnoMessage[]): MessageTarget | null {
  const kind = spanKind(node.span);
  const runId = owningRunId(node);
  if (!runId || (kind !== 'model' && kind !== 'tool')) return null;
  if (kind === 'model') {
    const k = spansOfRun(tree, runId, 'model').indexOf(node);
    const index = assistantIndexes(messages)[k];
    return index === undefined ? null : { runId, messageIndex: index, toolCallId: null };
  }
  const name = toolNameOf(node);
  const k = spansOfRun(tree, runId, 'tool').filter((n) => toolNameOf(n) === name).indexOf(node);
  const call = toolCallsNamed(messages, name)[k];
  return call ? { runId, messageIndex: call.index, toolCallId: call.id } : null;
}

/** The other way: the model span that wrote message `messageIndex` of run `runId`. */
export function spanForMessage(tree: SpanTree, runId: string, messages: readonly AgnoMessage[], messageIndex: number): SpanNode | null {
  const k = assistantIndexes(messages).indexOf(messageIndex);
  if (k < 0) return null;
  return spansOfRun(tree, runId, 'model')[k] ?? null;
}
