import type { TraceColumns } from './schemas.js';
import { textTable } from './text-table.js';

/**
 * The columns answer cut to its first `limit` spans (`?shape=columns&limit=`): the spans a page
 * shows on its first screen, in the same order, each with the same facts as in the whole answer,
 * and `total` saying how many spans the whole answer holds. The text table keeps only the
 * entries the kept spans use (a trace of 50,000 distinct names sends a handful), and the errors,
 * step types and cycle flags of the spans cut are left out. A limit at or above the count
 * answers every span, still with `total`. The roots' token totals (sums over every span) are
 * left out, as `presentFirstSpans` leaves them out.
 */
export function firstSpans(columns: TraceColumns, limit: number): TraceColumns {
  const c = columns.spans;
  const n = Math.max(0, Math.min(c.count, Math.floor(limit)));
  // Keyed by where a text sat in the whole answer's table, which holds each text once already.
  const { text, indexOf: reindex } = textTable((at: number) => c.text[at] ?? '');
  const name = new Array<number>(n);
  const type = new Array<number>(n);
  const status = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    name[i] = reindex(c.name[i]!);
    type[i] = reindex(c.type[i]!);
    status[i] = reindex(c.status[i]!);
  }
  const below = (record: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) if (Number(key) < n) out[key] = value;
    return out;
  };
  return {
    ...columns,
    spans: {
      count: n,
      total: c.count,
      text,
      id: c.id.slice(0, n),
      parent: c.parent.slice(0, n),
      name,
      type,
      status,
      start_ms: c.start_ms.slice(0, n),
      end_ms: c.end_ms.slice(0, n),
      metadata: c.metadata.slice(0, n).map((m, i) => (c.parent[i] === null && m ? withoutTotals(m) : m)),
      error: below(c.error),
      step_type: below(c.step_type),
      parent_cycle: c.parent_cycle.filter((i) => i < n),
    },
  };
}

/** A root's metadata without the token totals; null when nothing else is left. */
function withoutTotals(metadata: Record<string, unknown>): Record<string, unknown> | null {
  if (!('total_input_tokens' in metadata) && !('total_output_tokens' in metadata)) return metadata;
  const { total_input_tokens: _input, total_output_tokens: _output, ...rest } = metadata;
  return Object.keys(rest).length > 0 ? rest : null;
}
