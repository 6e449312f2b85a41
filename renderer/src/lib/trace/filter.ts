import { durationOf } from './critical';
import { spanCaption, spanKind, spanStatus, type SpanKind } from './kind';
import type { SpanTree } from './tree';

/** The waterfall's span search and filters; an empty filter shows every span. */
export interface SpanFilter {
  /** Words searched in the span's name, its caption (model, tool) and its id, any case. */
  text: string;
  /** Kinds shown; empty: all. */
  kinds: readonly SpanKind[];
  status: 'all' | 'error' | 'ok';
  /** Spans shorter than this are hidden (ms); 0: none. */
  minMs: number;
}

export const NO_FILTER: SpanFilter = { text: '', kinds: [], status: 'all', minMs: 0 };

export function isFilterOn(f: SpanFilter): boolean {
  return f.text.trim() !== '' || f.kinds.length > 0 || f.status !== 'all' || f.minMs > 0;
}

/** What a filter keeps: the matching spans, and them with their ancestors (the rows shown). */
export interface FilterResult {
  matches: ReadonlySet<string>;
  shown: ReadonlySet<string>;
}

/**
 * Applies `f` to every span of `tree` (one pass, then one walk up per match that stops at an
 * ancestor already kept, so a 50,000-span trace filters in linear time). Ancestors of a match
 * stay as context: a match is never shown without the path that led to it.
 */
export function filterSpans(tree: SpanTree, f: SpanFilter): FilterResult | null {
  if (!isFilterOn(f)) return null;
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  const kinds = new Set(f.kinds);
  const matches = new Set<string>();
  const shown = new Set<string>();
  for (const node of tree.order) {
    const span = node.span;
    if (kinds.size && !kinds.has(spanKind(span))) continue;
    if (f.status !== 'all' && spanStatus(span.status) !== f.status) continue;
    if (f.minMs > 0 && durationOf(node) < f.minMs) continue;
    if (words.length) {
      const hay = `${span.name} ${spanCaption(span) ?? ''} ${span.id}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) continue;
    }
    matches.add(span.id);
    for (let p: typeof node | null = node; p && !shown.has(p.span.id); p = p.parent) shown.add(p.span.id);
  }
  return { matches, shown };
}
