// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/** Sessions of three users; the words searched for live only inside runs (outputs, tool calls). */
const call = (id: string, name: string, args: object) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
const RUNS = [
  {
    session: 'stocks-alice',
    user: 'alice.smith',
    run: {
      run_id: 'run-nvda',
      agent_id: 'finance',
      model: 'gpt-4o',
      status: 'COMPLETED',
      created_at: 1_775_295_555,
      input: { input_content: 'What is NVDA at?' },
      content: 'NVIDIA trades at $451.82 today.',
      messages: [
        { role: 'user', content: 'What is NVDA at?' },
        { role: 'assistant', tool_calls: [call('c1', 'get_stock_price', { ticker: 'NVDA' })] },
        { role: 'tool', tool_call_id: 'c1', content: '451.82' },
        { role: 'assistant', content: 'NVIDIA trades at $451.82 today.' },
      ],
    },
  },
  {
    session: 'weather-bob',
    user: 'bob',
    run: {
      run_id: 'run-weather',
      agent_id: 'weather',
      model: 'claude-sonnet',
      status: 'ERROR',
      created_at: 1_775_299_555,
      input: { input_content: 'Weather in Lisbon?' },
      content: 'Error code: 529 - Overloaded',
      messages: [
        { role: 'user', content: 'Weather in Lisbon?' },
        { role: 'assistant', tool_calls: [call('c2', 'get_weather', { city: 'Lisbon' })] },
        { role: 'tool', tool_call_id: 'c2', content: 'timeout', tool_call_error: true },
      ],
    },
  },
  {
    session: 'notes-malice',
    user: 'malice',
    run: { run_id: 'run-notes', agent_id: 'notes', model: 'gpt-4o-mini', status: 'COMPLETED', created_at: 1_775_290_000, content: 'Notes saved.', messages: [{ role: 'user', content: 'Save my notes' }] },
  },
];

useDeskServer({}, async (s) => {
  const token = await s.mint({ sub: 'dev', scopes: ['sessions:write'] });
  for (const { session, user, run } of RUNS) {
    const res = await fetch(`${s.baseUrl}/sessions/${session}/runs?type=agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...run, user_id: user }),
    });
    if (res.status !== 201) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
  }
});

const sessionIds = () => screen.getAllByTestId('session-row').map((r) => r.getAttribute('data-session-id'));

describe('finding sessions and runs', () => {
  it('a search for words inside runs finds them: the sessions view says so and the runs view shows each match with its text', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/sessions');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(3));
    await user.type(screen.getByTestId('session-search'), '451.82');
    const mention = await screen.findByTestId('run-mentions');
    expect(mention.textContent).toContain('1 run holds “451.82”');
    await user.click(within(mention).getByRole('button', { name: 'Show the runs' }));
    await waitFor(() => expect(screen.getAllByTestId('run-result')).toHaveLength(1));
    expect(router.state.location.search).toContain('view=runs');
    const result = screen.getByTestId('run-result');
    expect(result.getAttribute('data-run-id')).toBe('run-nvda');
    expect(result.querySelector('mark')?.textContent).toBe('451.82');
    expect(within(result).getAllByRole('link')[0]?.getAttribute('href')).toContain('/runs/run-nvda');
    // A hit in a tool call opens the run's conversation at that message, the words in its find box.
    await user.clear(screen.getByTestId('session-search'));
    await user.type(screen.getByTestId('session-search'), 'ticker');
    await waitFor(() => expect(screen.getByTestId('run-result').querySelector('mark')?.textContent).toBe('ticker'));
    const hitLink = within(screen.getByTestId('run-result')).getAllByRole('link').find((a) => a.textContent?.includes('ticker'));
    expect(hitLink?.getAttribute('href')).toMatch(/tab=conversation&msg=1&find=ticker/);
  });

  it('the runs view filters by status, tool and failed runs, and sorts by a column', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/sessions?view=runs');
    await waitFor(() => expect(screen.getAllByTestId('run-result')).toHaveLength(3));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tool' }), 'get_weather');
    await waitFor(() => expect(screen.getAllByTestId('run-result').map((r) => r.getAttribute('data-run-id'))).toEqual(['run-weather']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tool' }), '');
    await user.click(screen.getByTestId('errors-only'));
    await waitFor(() => expect(screen.getAllByTestId('run-result').map((r) => r.getAttribute('data-run-id'))).toEqual(['run-weather']));
    await user.click(screen.getByTestId('errors-only'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'gpt-4o-mini');
    await waitFor(() => expect(screen.getAllByTestId('run-result').map((r) => r.getAttribute('data-run-id'))).toEqual(['run-notes']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), '');
    await waitFor(() => expect(screen.getAllByTestId('run-result')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /User/ }));
    await waitFor(() => expect(screen.getAllByTestId('run-result').map((r) => r.getAttribute('data-run-id'))).toEqual(['run-notes', 'run-weather', 'run-nvda']));
    expect(router.state.location.search).toContain('sort=user_id');
  });

  it('the user filter matches part of the user id, in any letter case', async () => {
    const user = userEvent.setup();
    renderApp('/sessions');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(3));
    await user.type(screen.getByTestId('user-filter'), 'ALI');
    await waitFor(() => expect(sessionIds().sort()).toEqual(['notes-malice', 'stocks-alice']));
  });

  it('the sessions table sorts by a column header and shows the date and time of the last update', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/sessions');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(3));
    const header = screen.getByRole('button', { name: /User/ });
    await user.click(header);
    await waitFor(() => expect(sessionIds()).toEqual(['notes-malice', 'weather-bob', 'stocks-alice']));
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    await user.click(header);
    await waitFor(() => expect(sessionIds()).toEqual(['stocks-alice', 'weather-bob', 'notes-malice']));
    expect(router.state.location.search).toContain('order=asc');
    for (const cell of screen.getAllByTestId('session-updated')) expect(cell.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});
