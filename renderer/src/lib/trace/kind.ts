import type { FlatSpan } from './types';

/** What a span is, for colour and wording. */
export type SpanKind = 'agent' | 'team' | 'workflow' | 'step' | 'model' | 'tool' | 'other';
export type SpanStatus = 'ok' | 'error' | 'unset';

export const SPAN_KIND_LABEL: Record<SpanKind, string> = {
  agent: 'Agent',
  team: 'Team',
  workflow: 'Workflow',
  step: 'Workflow step',
  model: 'Model call',
  tool: 'Tool call',
  other: 'Span',
};

/**
 * The platform names agents AGENT, teams TEAM, workflows WORKFLOW (or CHAIN when read raw),
 * model calls LLM and tool calls TOOL. A workflow's steps are its direct children carrying a
 * `step_type`; an agent or team running as a step stays an agent or team.
 */
export function spanKind(span: Pick<FlatSpan, 'type' | 'stepType'>): SpanKind {
  const type = span.type.toUpperCase();
  if (type === 'LLM') return 'model';
  if (type === 'TOOL') return 'tool';
  if (type === 'TEAM') return 'team';
  if (type === 'AGENT') return 'agent';
  if (type === 'WORKFLOW' || type === 'CHAIN') return span.stepType ? 'step' : 'workflow';
  return span.stepType ? 'step' : 'other';
}

export function spanStatus(status: string | null | undefined): SpanStatus {
  const s = (status ?? '').toUpperCase();
  if (s === 'ERROR') return 'error';
  if (s === 'OK') return 'ok';
  return 'unset';
}

function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Model and token counts of a model span (`metadata.model`, `input_tokens`, `output_tokens`). */
export function modelFacts(span: Pick<FlatSpan, 'metadata'>): { model: string | null; inputTokens: number | null; outputTokens: number | null; totalTokens: number | null } {
  const m = span.metadata;
  const inputTokens = num(m.input_tokens);
  const outputTokens = num(m.output_tokens);
  const totalTokens = inputTokens === null && outputTokens === null ? null : (inputTokens ?? 0) + (outputTokens ?? 0);
  return { model: typeof m.model === 'string' ? m.model : null, inputTokens, outputTokens, totalTokens };
}

/** The tool a tool span called (`metadata.tool_name`, else the span's name). */
export function toolName(span: Pick<FlatSpan, 'metadata' | 'name'>): string {
  return typeof span.metadata.tool_name === 'string' ? span.metadata.tool_name : span.name;
}

/** A span's short caption: the model and tokens of a model call, the tool of a tool call. */
export function spanCaption(span: FlatSpan): string | null {
  const kind = spanKind(span);
  if (kind === 'model') {
    const f = modelFacts(span);
    const parts = [f.model, f.totalTokens !== null ? `${f.inputTokens ?? 0} → ${f.outputTokens ?? 0} tokens` : null].filter(Boolean);
    return parts.length ? parts.join(' · ') : null;
  }
  if (kind === 'tool') return toolName(span) === span.name ? null : toolName(span);
  if (span.stepType) return span.stepType;
  return null;
}
