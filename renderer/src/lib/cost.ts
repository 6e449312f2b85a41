import type { AnyRun, JsonObject, RunMetrics } from '../api-types/shapes';
import { toDate } from './format';

/**
 * Dollar costs of model calls, from the price table of `@pydantic/genai-prices` (its bundled
 * data, pinned with the package; never fetched, so the desktop app prices offline). The table
 * is loaded on demand (`loadPricer`), so pages without costs do not carry it.
 *
 * A model the table does not know is *unknown*, never $0: a sum that misses some calls says how
 * many it misses instead of passing for the full cost.
 */

/** Token usage of one model call, in the table's unit names. */
export interface Usage {
  input_tokens?: number | undefined;
  output_tokens?: number | undefined;
  cache_read_tokens?: number | undefined;
  cache_write_tokens?: number | undefined;
}

/** Prices one call: dollars, or null when the model (or its provider) is not in the table. */
export type Pricer = (usage: Usage, model: string, provider?: string | null, at?: Date | null) => number | null;

/** A sum of calls: the dollars of the priced ones and the calls that could not be priced. */
export interface CostSum {
  usd: number;
  priced: number;
  unknown: number;
  /** The models that could not be priced (deduplicated). */
  unknownModels: string[];
}

export const NO_COST: CostSum = { usd: 0, priced: 0, unknown: 0, unknownModels: [] };

/** The token prices the fast path knows, per million tokens, by usage key. */
const LINEAR_KEYS: Record<string, keyof Usage> = { input_mtok: 'input_tokens', output_mtok: 'output_tokens', cache_read_mtok: 'cache_read_tokens', cache_write_mtok: 'cache_write_tokens' };

/**
 * A model's prices when they are flat per-token rates (no tiers, no per-request fee): then a call
 * costs Σ rate × tokens / 1e6, and the table need not match the model again for every call (its
 * matching costs ~0.1 ms a call, 2.4 s for a 25,000-model-call trace). Null: price every call with
 * the table.
 */
function flatRates(modelPrice: Record<string, unknown>): Map<keyof Usage, number> | null {
  const rates = new Map<keyof Usage, number>();
  for (const [key, value] of Object.entries(modelPrice)) {
    if (value === undefined || value === 0) continue;
    const usageKey = LINEAR_KEYS[key];
    if (!usageKey || typeof value !== 'number') return null;
    rates.set(usageKey, value);
  }
  return rates;
}

/** Loads the price table (a separate chunk) and answers its pricing function. */
export async function loadPricer(): Promise<Pricer> {
  const { calcPrice } = await import('@pydantic/genai-prices');
  // Per model, provider and day: the flat rates the table answered, or 'table' to ask it every time, or null (unknown).
  const known = new Map<string, Map<keyof Usage, number> | 'table' | null>();
  return (usage, model, provider, at) => {
    const clean: Record<string, number> = {};
    for (const [k, v] of Object.entries(usage)) if (typeof v === 'number' && Number.isFinite(v) && v >= 0) clean[k] = v;
    // Cache tokens are parts of the input count in the table's terms; a row that says otherwise cannot be priced.
    if ((clean.cache_read_tokens ?? 0) + (clean.cache_write_tokens ?? 0) > (clean.input_tokens ?? 0)) {
      delete clean.cache_read_tokens;
      delete clean.cache_write_tokens;
    }
    const timestamp = at && Number.isFinite(at.getTime()) ? at : undefined;
    const id = provider ? provider.toLowerCase().replace(/\s+/g, '-') : undefined;
    const key = `${model}\u0000${id ?? ''}\u0000${timestamp ? timestamp.toISOString().slice(0, 10) : ''}`;
    const cached = known.get(key);
    if (cached === null) return null;
    if (cached instanceof Map && Object.keys(clean).every((k) => k === 'input_tokens' || k === 'output_tokens' || cached.has(k as keyof Usage) || clean[k] === 0)) {
      // input_mtok prices the uncached part: cache reads and writes are parts of input_tokens.
      const uncached = (clean.input_tokens ?? 0) - (clean.cache_read_tokens ?? 0) - (clean.cache_write_tokens ?? 0);
      let usd = 0;
      for (const [k, rate] of cached) usd += (rate * (k === 'input_tokens' ? uncached : (clean[k] ?? 0))) / 1e6;
      return usd;
    }
    let threw = false;
    const attempt = (providerId: string | undefined) => {
      try {
        return calcPrice(clean, model, { ...(providerId ? { providerId } : {}), ...(timestamp ? { timestamp } : {}) });
      } catch {
        // The table throws on usage its prices cannot split; that call is unknown, not free.
        threw = true;
        return null;
      }
    };
    const result = (id ? attempt(id) : null) ?? attempt(undefined);
    // Remember the model's rates (or that it is not in the table); a call the table refused says nothing of the next.
    if (cached === undefined && (result || !threw)) known.set(key, result ? (flatRates(result.model_price) ?? 'table') : null);
    return result && Number.isFinite(result.total_price) ? result.total_price : null;
  };
}

/** Adds one call's price (null: unknown) to a sum. */
export function addCost(sum: CostSum, usd: number | null, model: string | null): CostSum {
  if (usd !== null) return { ...sum, usd: sum.usd + usd, priced: sum.priced + 1 };
  const name = model ?? 'no model named';
  return { ...sum, unknown: sum.unknown + 1, unknownModels: sum.unknownModels.includes(name) ? sum.unknownModels : [...sum.unknownModels, name] };
}

export function mergeCosts(a: CostSum, b: CostSum): CostSum {
  return {
    usd: a.usd + b.usd,
    priced: a.priced + b.priced,
    unknown: a.unknown + b.unknown,
    unknownModels: [...a.unknownModels, ...b.unknownModels.filter((m) => !a.unknownModels.includes(m))],
  };
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * A run's own model cost from its metrics: one line per `metrics.details.model` entry (Agno 2.x
 * keeps each model's id, provider and tokens there). Metrics without those lines cannot be
 * priced (unknown). Workflow runs sum their steps. Member runs are runs of their own.
 */
export function runCost(run: Pick<AnyRun, 'metrics' | 'created_at'>, price: Pricer): CostSum {
  return metricsCost(run.metrics, price, toDate(run.created_at));
}

export function metricsCost(metrics: RunMetrics | null | undefined, price: Pricer, at: Date | null): CostSum {
  if (!metrics || typeof metrics !== 'object') return NO_COST;
  let sum = NO_COST;
  const models = metrics.details && Array.isArray(metrics.details.model) ? (metrics.details.model as JsonObject[]) : [];
  for (const line of models) {
    const model = typeof line.id === 'string' ? line.id : null;
    const usage: Usage = {
      input_tokens: num(line.input_tokens),
      output_tokens: num(line.output_tokens),
      cache_read_tokens: num(line.cache_read_tokens),
      cache_write_tokens: num(line.cache_write_tokens),
    };
    sum = addCost(sum, model ? price(usage, model, typeof line.provider === 'string' ? line.provider : null, at) : null, model);
  }
  if (!models.length && metrics.steps && typeof metrics.steps === 'object') {
    for (const step of Object.values(metrics.steps)) if (step?.metrics) sum = mergeCosts(sum, metricsCost(step.metrics, price, at));
  } else if (!models.length && ((num(metrics.input_tokens) ?? 0) > 0 || (num(metrics.output_tokens) ?? 0) > 0)) {
    // Tokens without the model that spent them: there is a cost, but no way to price it.
    sum = addCost(sum, null, null);
  }
  return sum;
}

/** A sum over runs (a session's). */
export function runsCost(runs: readonly Pick<AnyRun, 'metrics' | 'created_at'>[], price: Pricer): CostSum {
  return runs.reduce((s, r) => mergeCosts(s, runCost(r, price)), NO_COST);
}

/** Dollars as the UI writes them: 3 significant digits below a dollar (`$0.00412`, `$0.0404`), cents above (`$1.24`). */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 1) return `$${usd.toPrecision(3)}`;
  if (usd < 100) return `$${usd.toFixed(2)}`;
  return `$${Math.round(usd).toLocaleString('en-US')}`;
}

/**
 * A sum as text: `$0.0123`; `unknown` when nothing could be priced; `$0.0123 + unknown` when some
 * calls could not be; `—` when there were no model calls at all.
 */
export function formatCostSum(sum: CostSum): string {
  if (sum.priced === 0 && sum.unknown === 0) return '—';
  if (sum.priced === 0) return 'unknown';
  return sum.unknown > 0 ? `${formatUsd(sum.usd)} + unknown` : formatUsd(sum.usd);
}

/** Why a sum is (partly) unknown, for a title or a note. */
export function costNote(sum: CostSum): string | undefined {
  if (!sum.unknown) return undefined;
  return `${sum.unknown} model call${sum.unknown === 1 ? '' : 's'} not in the price table (${sum.unknownModels.join(', ')})`;
}
