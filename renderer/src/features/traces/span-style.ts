import { SPAN_KIND_LABEL, spanKind, spanStatus, type SpanKind } from '../../lib/trace/kind';
import type { FlatSpan } from '../../lib/trace/types';

/** The data attributes the stylesheets colour a span by (kind and status). */
export function spanData(span: FlatSpan): { 'data-kind': SpanKind; 'data-status': string } {
  return { 'data-kind': spanKind(span), 'data-status': spanStatus(span.status) };
}

export const KIND_ORDER: readonly SpanKind[] = ['team', 'agent', 'workflow', 'step', 'model', 'tool', 'other'];

export const kindLabel = (span: FlatSpan) => SPAN_KIND_LABEL[spanKind(span)];

/** Milliseconds as the waterfall writes them: `820 ms`, `4.64 s`, `1m 05s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms === 0) return '0 ms';
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(2).replace(/\.?0+$/, '')} s`;
  if (s < 60) return `${s.toFixed(1).replace(/\.0$/, '')} s`;
  const total = Math.round(s);
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`;
}
