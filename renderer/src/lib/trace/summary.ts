import { modelFacts, spanKind, spanStatus } from './kind';
import type { SpanTree } from './tree';

/** What a trace adds up to: the numbers two traces are compared by. */
export interface TraceTotals {
  spans: number;
  durationMs: number;
  modelCalls: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  errors: number;
}

export function traceTotals(tree: SpanTree): TraceTotals {
  const t: TraceTotals = { spans: tree.order.length, durationMs: tree.end - tree.start, modelCalls: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, errors: 0 };
  for (const n of tree.order) {
    const kind = spanKind(n.span);
    if (kind === 'model') {
      t.modelCalls++;
      const f = modelFacts(n.span);
      t.inputTokens += f.inputTokens ?? 0;
      t.outputTokens += f.outputTokens ?? 0;
    } else if (kind === 'tool') t.toolCalls++;
    if (spanStatus(n.span.status) === 'error') t.errors++;
  }
  return t;
}

/** B against A as a signed change and a ratio (`+12.3 s`, `×1.5`); null when A is 0. */
export function change(a: number, b: number): { delta: number; ratio: number | null } {
  return { delta: b - a, ratio: a !== 0 ? b / a : null };
}
