import type { DocumentText, RunDocument, TextWhere } from '../../search-index/run-document.js';
import type { RunSearchQuery, SearchField } from './search-query.js';

/** Where a term was found, with the text around it (what a result row shows). */
export interface SearchHit {
  where: TextWhere;
  message_index: number | null;
  label: string | null;
  /** The text around the match, in the run's own letter case. */
  snippet: string;
  /** The match inside `snippet`: [start, end) in UTF-16 units. */
  match_start: number;
  match_end: number;
}

const FIELD_WHERE: Record<SearchField, readonly TextWhere[]> = {
  input: ['input'],
  output: ['output'],
  messages: ['message'],
  tools: ['tool'],
};

const SNIPPET_RADIUS = 60;
export const MAX_HITS_PER_RUN = 3;

function facetsMatch(doc: RunDocument, q: RunSearchQuery): boolean {
  if (q.errorsOnly && !doc.hasError) return false;
  if (q.status.length > 0 && !q.status.includes((doc.status ?? '').toLowerCase())) return false;
  if (q.models.length > 0 && !q.models.some((m) => (doc.model ?? '').toLowerCase().includes(m))) return false;
  if (q.users.length > 0 && !q.users.some((u) => (doc.userId ?? '').toLowerCase().includes(u))) return false;
  for (const tool of q.tools) if (!doc.tools.some((name) => name.toLowerCase().includes(tool))) return false;
  return true;
}

/**
 * The hits of a run for the query, or `null` when the run does not match. A query without
 * terms matches on its filters alone, with no hits.
 */
export function matchRun(doc: RunDocument, q: RunSearchQuery): SearchHit[] | null {
  if (!facetsMatch(doc, q)) return null;
  for (const term of q.excluded) if (doc.all.includes(term)) return null;
  for (const term of q.terms) if (!doc.all.includes(term)) return null;
  if (q.terms.length === 0) return [];
  const allowed = q.fields.length === 0 ? null : new Set(q.fields.flatMap((f) => FIELD_WHERE[f]));
  const texts = allowed === null ? doc.texts : doc.texts.filter((t) => allowed.has(t.where));
  const hits: SearchHit[] = [];
  for (const term of q.terms) {
    let found = false;
    for (const text of texts) {
      const at = text.lower.indexOf(term);
      if (at < 0) continue;
      found = true;
      if (hits.length < MAX_HITS_PER_RUN && !hits.some((h) => h.where === text.where && h.message_index === text.messageIndex)) {
        hits.push(snippet(text, at, term.length));
      }
      break;
    }
    if (!found) return null;
  }
  return hits;
}

/**
 * The text around a match. Offsets found in the lowercased text are used on the original when
 * both have the same length (nearly always); otherwise the snippet is cut from the lowercased text.
 */
export function snippet(text: DocumentText, at: number, length: number): SearchHit {
  const source = text.lower.length === text.text.length ? text.text : text.lower;
  const from = Math.max(0, at - SNIPPET_RADIUS);
  const to = Math.min(source.length, at + length + SNIPPET_RADIUS);
  const head = from > 0 ? '…' : '';
  const body = source.slice(from, to).replace(/\s+/g, ' ');
  // Whitespace runs collapse before the match too: recount the match's start in the collapsed text.
  const before = source.slice(from, at).replace(/\s+/g, ' ');
  const matched = source.slice(at, at + length).replace(/\s+/g, ' ');
  return {
    where: text.where,
    message_index: text.messageIndex,
    label: text.label,
    snippet: `${head}${body}${to < source.length ? '…' : ''}`,
    match_start: head.length + before.length,
    match_end: head.length + before.length + matched.length,
  };
}
