import type { AgnoEvent } from '../api-types/shapes';
import { formatCompact, preview, toDate } from './format';

/** Event rows for the events timeline (agno-format §5.7, §6, §7). Pure. */

export type EventCategory = 'run' | 'tool' | 'model' | 'reasoning' | 'step' | 'error' | 'memory' | 'hook' | 'content' | 'other';

export function eventCategory(name: string): EventCategory {
  if (/Error|Cancelled/.test(name)) return 'error';
  if (/ToolCall/.test(name)) return 'tool';
  if (/ModelRequest|ParserModel|OutputModel/.test(name)) return 'model';
  if (/Reasoning/.test(name)) return 'reasoning';
  if (/^(Step|Loop|Parallel|Condition|Router|Steps|Workflow)/.test(name)) return 'step';
  if (/Memory|SessionSummary|Compression/.test(name)) return 'memory';
  if (/Hook/.test(name)) return 'hook';
  if (/Content/.test(name)) return 'content';
  if (/Run(Started|Completed|Paused|Continued)|TeamRun(Started|Completed|Paused|Continued)/.test(name)) return 'run';
  return 'other';
}

function obj(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** One line saying what the event is about. */
export function eventSummary(e: AgnoEvent): string {
  const name = typeof e.event === 'string' ? e.event : '';
  const tool = obj(e.tool);
  if (tool) {
    const tname = typeof tool.tool_name === 'string' ? tool.tool_name : 'tool';
    if (/Completed/.test(name)) return `${tname} → ${preview(e.content ?? tool.result, 120)}`;
    if (/Error/.test(name)) return `${tname} failed: ${preview(e.content ?? tool.result ?? e.error, 120)}`;
    return `${tname}(${preview(tool.tool_args ?? {}, 100)})`;
  }
  if (/Error/.test(name)) {
    const t = typeof e.error_type === 'string' ? `${e.error_type}: ` : '';
    return `${t}${preview(e.content ?? e.error, 140)}`;
  }
  if (/ModelRequestCompleted/.test(name)) {
    const parts: string[] = [];
    if (typeof e.model === 'string') parts.push(e.model);
    if (typeof e.input_tokens === 'number') parts.push(`${formatCompact(e.input_tokens)} in`);
    if (typeof e.output_tokens === 'number') parts.push(`${formatCompact(e.output_tokens)} out`);
    return parts.join(' · ');
  }
  if (/RunStarted|ModelRequestStarted/.test(name) && typeof e.model === 'string') {
    return [e.model, typeof e.model_provider === 'string' ? e.model_provider : null].filter(Boolean).join(' · ');
  }
  const step = typeof e.step_name === 'string' ? e.step_name : null;
  const content = preview(e.content, 140);
  if (step) return content ? `${step}: ${content}` : step;
  if (content) return content;
  if (typeof e.reasoning_content === 'string') return preview(e.reasoning_content, 140);
  return '';
}

export interface EventRow {
  key: string;
  index: number;
  name: string;
  category: EventCategory;
  summary: string;
  /** Seconds since the first event with a timestamp (null when unknown). */
  offset: number | null;
  at: Date | null;
  depth: number;
  event: AgnoEvent;
}

export function buildEventRows(events: readonly AgnoEvent[] | null | undefined): EventRow[] {
  if (!Array.isArray(events)) return [];
  let t0: number | null = null;
  return events.map((raw, index) => {
    const e: AgnoEvent = raw && typeof raw === 'object' ? raw : { event: String(raw) };
    const name = typeof e.event === 'string' ? e.event : 'Event';
    const at = toDate(e.created_at);
    if (at && t0 === null) t0 = at.getTime();
    return {
      key: `e${index}`,
      index,
      name,
      category: eventCategory(name),
      summary: eventSummary(e),
      offset: at && t0 !== null ? (at.getTime() - t0) / 1000 : null,
      at,
      depth: typeof e.nested_depth === 'number' ? e.nested_depth : 0,
      event: e,
    };
  });
}
