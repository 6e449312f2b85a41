import type { FlatSpan } from './types';

/**
 * A trace as an OTLP/JSON document (`ExportTraceServiceRequest`, the file format of the
 * OpenTelemetry collector's file exporter): one resource, one scope, every span with its
 * parent, times in Unix nanoseconds, status, and its attributes under their OpenInference names
 * (model, token counts, tool, input, output), so a tool that reads OTLP shows it, and the file
 * alone is enough to attach to a bug report.
 */

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };
interface KeyValue {
  key: string;
  value: AnyValue;
}

export interface OtlpExport {
  resourceSpans: {
    resource: { attributes: KeyValue[] };
    scopeSpans: { scope: { name: string; version?: string }; spans: OtlpSpan[] }[];
  }[];
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL: Agno records every span as internal. */
  kind: 1;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  status: { code: 0 | 1 | 2; message?: string };
}

/** The presenter's metadata keys back under the OpenInference attribute names Agno wrote. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  model: 'llm.model_name',
  provider: 'llm.provider',
  input_tokens: 'llm.token_count.prompt',
  output_tokens: 'llm.token_count.completion',
  tool_name: 'tool.name',
  parameters: 'tool.parameters',
  run_id: 'agno.run.id',
  session_id: 'session.id',
  user_id: 'user.id',
  agent_id: 'agno.agent.id',
  team_id: 'agno.team.id',
  workflow_id: 'agno.workflow.id',
};

function value(v: unknown): AnyValue | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : Number.isFinite(v) ? { doubleValue: v } : null;
  return { stringValue: JSON.stringify(v) };
}

const nanos = (ms: number) => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

function attributesOf(span: FlatSpan): KeyValue[] {
  const out: KeyValue[] = [];
  const put = (key: string, v: unknown) => {
    const val = value(v);
    if (val) out.push({ key, value: val });
  };
  put('openinference.span.kind', span.type);
  put('input.value', span.input);
  put('output.value', span.output);
  if (span.stepType) put('agno.step.type', span.stepType);
  for (const [k, v] of Object.entries(span.metadata)) put(ATTRIBUTE_NAMES[k] ?? k, v);
  return out;
}

function statusOf(span: FlatSpan): OtlpSpan['status'] {
  const s = span.status.toUpperCase();
  if (s === 'ERROR') return span.error ? { code: 2, message: span.error } : { code: 2 };
  return { code: s === 'OK' ? 1 : 0 };
}

export function toOtlp(
  trace: { trace_id: string; name: string; session_id?: string | null; run_id?: string | null },
  spans: readonly FlatSpan[],
  exportedAt: Date,
): OtlpExport {
  const resource: KeyValue[] = [{ key: 'service.name', value: { stringValue: 'agno' } }];
  const addResource = (key: string, v: string | null | undefined) => {
    if (v) resource.push({ key, value: { stringValue: v } });
  };
  addResource('rundesk.trace.name', trace.name);
  addResource('session.id', trace.session_id);
  addResource('agno.run.id', trace.run_id);
  addResource('rundesk.exported_at', exportedAt.toISOString());
  return {
    resourceSpans: [
      {
        resource: { attributes: resource },
        scopeSpans: [
          {
            scope: { name: 'rundesk.trace-export' },
            spans: spans.map((span) => ({
              traceId: trace.trace_id,
              spanId: span.id,
              ...(span.parentId ? { parentSpanId: span.parentId } : {}),
              name: span.name,
              kind: 1,
              startTimeUnixNano: nanos(span.start),
              endTimeUnixNano: nanos(span.end),
              attributes: attributesOf(span),
              status: statusOf(span),
            })),
          },
        ],
      },
    ],
  };
}

/** The export's file name: `trace-<id>.otlp.json`. */
export const otlpFileName = (traceId: string) => `trace-${traceId.replace(/[^A-Za-z0-9_-]/g, '_')}.otlp.json`;
