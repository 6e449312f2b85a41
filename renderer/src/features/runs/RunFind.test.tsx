// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/**
 * A long run whose tool calls live only in its conversation (`tools` empty, as Agno often
 * stores them): 200 lookups, each answered, and one message far down holding a unique word.
 */
const CALLS = 200;
const SESSION = 'find-session';
const RUN = 'find-run';

function longRun() {
  const messages: Array<Record<string, unknown>> = [{ role: 'system', content: 'You look things up.' }, { role: 'user', content: 'Look up every part.' }];
  for (let i = 0; i < CALLS; i++) {
    messages.push({ role: 'assistant', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'lookup_part', arguments: JSON.stringify({ part: i }) } }] });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, tool_name: 'lookup_part', content: i === 150 ? 'Part 150 is the Zanzibar valve.' : `part ${i} ok` });
  }
  messages.push({ role: 'assistant', content: 'Done: one zanzibar part found.' });
  return { run_id: RUN, agent_id: 'parts-agent', status: 'COMPLETED', created_at: 1_800_000_000, content: 'Done.', messages, tools: [] };
}

useDeskServer({}, async (s) => {
  const token = await s.mint({ sub: 'dev', scopes: ['sessions:write'] });
  const res = await fetch(`${s.baseUrl}/sessions/${SESSION}/runs?type=agent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(longRun()),
  });
  if (res.status !== 201) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
});

const runUrl = `/sessions/${SESSION}/runs/${RUN}?type=agent`;

describe('finding inside a run', () => {
  it('the Tools tab lists the tool calls of the conversation though the stored tools field is empty', async () => {
    const user = userEvent.setup();
    renderApp(runUrl);
    const tabs = await screen.findByRole('tablist');
    const toolsTab = within(tabs).getByRole('tab', { name: /Tools/ });
    expect(toolsTab.textContent).toContain(String(CALLS));
    await user.click(toolsTab);
    const list = await screen.findByTestId('tools');
    expect(within(list).getAllByText('lookup_part')).toHaveLength(CALLS);
  });

  it('the find box counts the matching messages and scrolls the virtual list to each, Ctrl+F included', async () => {
    const user = userEvent.setup();
    renderApp(`${runUrl}&tab=conversation`);
    const box = await screen.findByTestId('conversation-find');
    // The messages far down are not rendered: a find in the page's text could not reach them.
    expect(screen.getByTestId('message-list').textContent).not.toContain('Zanzibar valve');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Control>}f{/Control}');
    expect(document.activeElement).toBe(box);
    await user.type(box, 'zanzibar');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 2'));
    await waitFor(() => expect(document.querySelector('[data-find-current]')?.textContent).toContain('Zanzibar valve'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('2 of 2'));
    await waitFor(() => expect(document.querySelector('[data-find-current]')?.textContent).toContain('one zanzibar part found'));
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 2'));
    await user.clear(box);
    await user.type(box, 'no-such-text');
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('No matches'));
  });

  it('a link from a search result opens the conversation with the words found', async () => {
    renderApp(`${runUrl}&tab=conversation&find=zanzibar`);
    await waitFor(() => expect(screen.getByTestId('find-count').textContent).toBe('1 of 2'));
    expect((screen.getByTestId('conversation-find') as HTMLInputElement).value).toBe('zanzibar');
  });
});
