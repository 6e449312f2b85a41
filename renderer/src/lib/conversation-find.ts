import type { ConversationRow } from './conversation';

/**
 * Find-in-page for a virtualised conversation: the browser's Ctrl+F sees only the rows on
 * screen, so the conversation is searched here, on the data, and the list scrolled to each hit.
 */

function jsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Everything a reader sees of a message, lowercased: its text, tool calls (name and arguments), the tool it answers. */
export function rowSearchText(row: ConversationRow): string {
  const pieces: string[] = [];
  for (const part of row.parts) {
    if (part.type === 'text') pieces.push(part.text);
    else if (part.type === 'json') pieces.push(jsonText(part.value));
  }
  for (const call of row.toolCalls) pieces.push(call.name, jsonText(call.args));
  if (row.answers) pieces.push(row.answers.name, jsonText(row.answers.args));
  if (typeof row.message.reasoning_content === 'string') pieces.push(row.message.reasoning_content);
  return pieces.join('\n').toLowerCase();
}

/** Positions in `rows` whose text contains `term` (any letter case), in order; none for a blank term. */
export function findInConversation(rows: readonly ConversationRow[], texts: readonly string[], term: string): number[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [];
  const out: number[] = [];
  rows.forEach((_, i) => {
    if ((texts[i] ?? '').includes(needle)) out.push(i);
  });
  return out;
}
