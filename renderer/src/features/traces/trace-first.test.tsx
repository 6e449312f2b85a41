// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

/**
 * Issue 33: the trace is the run page's first screen, with costs, search and filters, the agent
 * graph; a run link without `?db=` finds its database. The sample data is attached first, so the
 * database answering requests without `db_id` is not the one holding the team run.
 */
useDeskServer({}, async (s) => {
  await s.desk('POST', '/desk/sample-data');
  await attachObservabilityDb(s);
});

const teamRun = `/sessions/${OBS.teamSession}/runs/${OBS.teamRun}`;

describe('Given the coral-reef team run', () => {
  it('When its page opens, Then the waterfall is there without picking a tab, with the trace’s cost and each model call’s in dollars', async () => {
    renderApp(`${teamRun}?type=team&db=${OBS.db}`);
    const waterfall = await screen.findByTestId('waterfall');
    expect(waterfall.getAttribute('data-count')).toBe('11');
    expect(screen.queryByRole('tab', { name: /Trace/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('trace-cost').textContent).toMatch(/^\$0\.0\d+$/));
    const claude = screen.getAllByTestId('span-row').find((r) => r.textContent?.includes('Claude.ainvoke_stream'))!;
    expect(within(claude).getByTestId('span-caption').textContent).toMatch(/claude-sonnet-4-5-20250929 · 1093 → 382 tokens · \$0\.00\d+/);
    // The run's own calls (the team's two), in the metrics beside.
    await waitFor(() => expect(screen.getByTestId('run-cost').textContent).toMatch(/^\$0\.0\d+$/));
  });

  it('When spans are searched and filtered, Then only the matches and the path to them are rows', async () => {
    const user = userEvent.setup();
    renderApp(`${teamRun}?type=team&db=${OBS.db}`);
    await screen.findByTestId('waterfall');
    await user.type(screen.getByTestId('span-search'), 'claude');
    await waitFor(() => expect(screen.getByTestId('waterfall').getAttribute('data-count')).toBe('4'));
    expect(screen.getByTestId('span-match-count').textContent).toBe('1 of 11 match');
    await user.clear(screen.getByTestId('span-search'));
    await user.selectOptions(screen.getByTestId('span-kind-filter'), 'model');
    expect(screen.getByTestId('span-match-count').textContent).toBe('5 of 11 match');
    await user.selectOptions(screen.getByTestId('span-duration-filter'), '5000');
    expect(screen.getByTestId('span-match-count').textContent).toBe('0 of 11 match');
  });

  it('When the agent graph is shown, Then the team leads to its two members and the researcher to its search tool', async () => {
    const user = userEvent.setup();
    renderApp(`${teamRun}?type=team&db=${OBS.db}`);
    await screen.findByTestId('waterfall');
    await user.click(screen.getByRole('radio', { name: 'Agent graph' }));
    const nodes = within(await screen.findByTestId('agent-graph')).getAllByTestId('graph-node').map((n) => n.textContent);
    expect(nodes[0]).toMatch(/^Research_Team\.arun/);
    expect(nodes.slice(1).map((t) => t?.split('Agent')[0]?.split('Tool')[0])).toEqual(['Web_Researcher.arun', 'duckduckgo_search', 'Writer.arun']);
  });

  it('When its link carries no db, Then the run is looked up in every attached database and opens with db in the address', async () => {
    const { router } = renderApp(`${teamRun}?type=team`);
    expect((await screen.findByTestId('run-page')).getAttribute('data-run-id')).toBe(OBS.teamRun);
    expect(router.state.location.search).toContain(`db=${OBS.db}`);
  });
});

describe('Given a run with a time to first token', () => {
  it('When it opens, Then the metrics show the time to first token and the output speed beside it', async () => {
    renderApp(`/sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a/runs/2e86ded3-6e7b-4680-95f0-df09c1fb7cb9?type=agent&db=${OBS.db}`);
    expect((await screen.findByTestId('run-ttft')).textContent).toBe('918 ms');
    // 466 output tokens over 24.59 s − 0.92 s.
    expect(screen.getByTestId('run-tokens-per-second').textContent).toBe('19.7 tokens/s');
  });
});

describe('Given two traces ticked on the Traces page', () => {
  it('When Compare is followed, Then both traces show side by side with B’s change against A', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/traces?db=${OBS.db}`);
    const picks = await screen.findAllByTestId('compare-pick');
    await user.click(picks[0]!);
    await user.click(picks[1]!);
    await user.click(screen.getByTestId('compare-link'));
    expect(router.state.location.pathname).toBe('/traces/compare');
    const table = await screen.findByTestId('compare-table');
    expect(within(table).getAllByTestId('compare-row').map((r) => r.getAttribute('data-measure'))).toEqual([
      'Duration', 'Spans', 'Model calls', 'Tool calls', 'Input tokens', 'Output tokens', 'Errors', 'Cost',
    ]);
    expect(await screen.findAllByTestId('waterfall')).toHaveLength(2);
    await waitFor(() => expect(within(table).getAllByTestId('compare-row').at(-1)!.textContent).toMatch(/\$/));
  });
});
