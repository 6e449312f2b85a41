import { addCost, NO_COST, type CostSum, type Pricer } from '../cost';
import { modelFacts, spanKind } from './kind';
import type { FlatSpan } from './types';

/**
 * One model span's price (null: unknown). Agno's spans name the model and its prompt and
 * completion tokens but not the provider; the table matches the provider from the model's name.
 */
export function spanCost(span: FlatSpan, price: Pricer): number | null {
  if (spanKind(span) !== 'model') return null;
  const f = modelFacts(span);
  if (!f.model || (f.inputTokens === null && f.outputTokens === null)) return null;
  const provider = typeof span.metadata.provider === 'string' ? span.metadata.provider : null;
  return price({ input_tokens: f.inputTokens ?? 0, output_tokens: f.outputTokens ?? 0 }, f.model, provider, new Date(span.start));
}

/** The model spans' costs summed (a trace, or one span's subtree). */
export function spansCost(spans: Iterable<FlatSpan>, price: Pricer): CostSum {
  let sum = NO_COST;
  for (const span of spans) {
    if (spanKind(span) !== 'model') continue;
    sum = addCost(sum, spanCost(span, price), modelFacts(span).model);
  }
  return sum;
}

/** The same sum from prices already computed (span id → dollars, null: unknown). */
export function sumCosts(spans: Iterable<FlatSpan>, costs: ReadonlyMap<string, number | null>): CostSum {
  let sum = NO_COST;
  for (const span of spans) if (costs.has(span.id)) sum = addCost(sum, costs.get(span.id) ?? null, modelFacts(span).model);
  return sum;
}
