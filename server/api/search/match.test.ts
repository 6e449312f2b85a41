import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRun } from './match.js';
import { buildRunDocument, type DocumentSession } from '../../search-index/run-document.js';
import { EMPTY_QUERY, parseSearchQuery } from './search-query.js';

const session: DocumentSession = { session_id: 's1', session_type: 'agent', session_name: 'Trip', user_id: 'olivia', agent_id: 'a1', team_id: null, workflow_id: null };

function runWith(output: string) {
  return {
    run_id: 'r1',
    status: 'COMPLETED',
    model: 'gpt-4o',
    content: output,
    input: { input_content: 'What is NVDA at?' },
    messages: [
      { role: 'user', content: 'What is NVDA at?' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_stock_price', arguments: '{"ticker":"NVDA"}' } }] },
      { role: 'tool', tool_name: 'get_stock_price', tool_args: { ticker: 'NVDA' }, content: '451.82', tool_call_error: false },
      { role: 'assistant', content: output },
    ],
  };
}

describe('matching a run', () => {
  it('finds any substring of any text, in any letter case, and the snippet shows it', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'C', ' ', '\n', '\u00c9', '.', '4'), minLength: 1, maxLength: 300 });
    fc.assert(
      fc.property(text, fc.nat(), fc.integer({ min: 1, max: 20 }), (output, at, len) => {
        const start = at % output.length;
        const needle = output.slice(start, start + len).toLowerCase().trim();
        fc.pre(needle !== '' && !/\s\s/.test(needle));
        const hits = matchRun(buildRunDocument(session, runWith(output)), { ...EMPTY_QUERY, terms: [needle] });
        expect(hits).not.toBeNull();
        const hit = hits![0]!;
        expect(hit.snippet.slice(hit.match_start, hit.match_end).toLowerCase().replace(/\s+/g, ' ')).toBe(needle.replace(/\s+/g, ' '));
      }),
    );
  });

  it('counts the tool calls of the conversation, and filters by tool, status, model, user, field and error', () => {
    const doc = buildRunDocument(session, runWith('It trades at $451.82.'));
    expect(doc.tools).toEqual(['get_stock_price']);
    expect(doc.toolCallCount).toBe(1);
    const m = (q: string) => matchRun(doc, parseSearchQuery(q));
    expect(m('451.82')?.[0]?.where).toBe('output');
    expect(m('ticker tool:stock')?.[0]).toMatchObject({ where: 'tool', label: 'get_stock_price', message_index: 1 });
    expect(m('tool:weather')).toBeNull();
    expect(m('status:completed model:GPT user:oliv')).toEqual([]);
    expect(m('status:error')).toBeNull();
    expect(m('is:error')).toBeNull();
    expect(m('user:bob')).toBeNull();
    expect(m('nvda in:output')).toBeNull();
    expect(m('nvda in:input')?.[0]?.where).toBe('input');
    expect(m('451.82 -trades')).toBeNull();
    expect(m('trip r1')).not.toBeNull();
  });

  it('counts executions stored on the run when the conversation has no tool calls, and marks failed ones', () => {
    const doc = buildRunDocument(session, {
      run_id: 'r2',
      status: 'COMPLETED',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ tool_name: 'search_web', tool_args: { q: 'x' }, result: 'ok', tool_call_error: true }],
    });
    expect(doc.tools).toEqual(['search_web']);
    expect(doc.hasError).toBe(true);
  });

  it('counts a cancelled run as failed, as Traces → Errors does (Agno closes its trace as ERROR)', () => {
    const doc = buildRunDocument(session, { run_id: 'r3', status: 'CANCELLED', messages: [{ role: 'user', content: 'hi' }] });
    expect(doc.hasError).toBe(true);
    expect(matchRun(doc, parseSearchQuery('is:error'))).toEqual([]);
    expect(buildRunDocument(session, { run_id: 'r4', status: 'PAUSED', messages: [] }).hasError).toBe(false);
  });
});
