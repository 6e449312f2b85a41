// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

useDeskServer({}, attachObservabilityDb);

const teamRunUrl = `/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=${OBS.db}&tab=trace`;
const row = (name: string) => screen.getAllByTestId('span-row').find((r) => r.textContent?.includes(name))!;

describe('trace view on the run page', () => {
  it('shows the team run’s 11 spans as a waterfall, the two member runs nested under their delegations', async () => {
    renderApp(teamRunUrl);
    const waterfall = await screen.findByTestId('waterfall');
    expect(waterfall.getAttribute('data-count')).toBe('11');
    expect(screen.getByTestId('trace-span-count').textContent).toBe('11');
    const team = row('Research_Team.arun');
    expect(team.getAttribute('aria-level')).toBe('1');
    expect(team.getAttribute('data-kind')).toBe('team');
    for (const member of ['Web_Researcher.arun', 'Writer.arun']) {
      expect(row(member).getAttribute('aria-level')).toBe('3');
      expect(row(member).getAttribute('data-kind')).toBe('agent');
    }
    expect(screen.getAllByTestId('span-row').filter((r) => r.textContent?.startsWith('delegate_task_to_member'))).toHaveLength(2);
  });

  it('selects the slowest model call from the summary, reads its tokens, and jumps to its message', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(teamRunUrl);
    const slowest = await screen.findByTestId('slowest-spans');
    const first = within(slowest).getAllByTestId('slow-span')[0]!;
    expect(first.textContent).toContain('Claude.ainvoke_stream');
    await user.click(first);
    const panel = screen.getByTestId('span-panel');
    expect(panel.getAttribute('data-span-id')).toBe(OBS.slowestModelSpan);
    expect(within(panel).getByTestId('span-input-tokens').textContent).toBe('1,093');
    expect(within(panel).getByTestId('span-output-tokens').textContent).toBe('382');
    expect(router.state.location.search).toContain(`span=${OBS.slowestModelSpan}`);

    await user.click(within(panel).getByTestId('jump-to-message'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sessions/${OBS.teamSession}/runs/${OBS.writerRun}`));
    expect(router.state.location.search).toMatch(/tab=conversation/);
    const jumped = await screen.findByTestId('conversation');
    await waitFor(() => expect(jumped.querySelector('[data-jumped]')?.textContent).toContain('Coral reef restoration'));

    // And back: the trace with the same span selected.
    await user.click(screen.getByTestId('back-to-span'));
    await waitFor(() => expect(screen.getByTestId('span-panel').getAttribute('data-span-id')).toBe(OBS.slowestModelSpan));
  });

  it('is driven from the keyboard: arrows move, Left closes a span, Enter selects', async () => {
    const user = userEvent.setup();
    renderApp(teamRunUrl);
    await screen.findByTestId('waterfall');
    const tree = screen.getByRole('tree');
    tree.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(tree.getAttribute('aria-activedescendant')).toBe(row('delegate_task_to_member').id);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('waterfall').getAttribute('data-count')).toBe('7');
    await user.keyboard('{ArrowDown}');
    const second = screen.getAllByTestId('span-row').filter((r) => r.textContent?.startsWith('delegate_task_to_member'))[1]!;
    expect({ active: tree.getAttribute('aria-activedescendant'), focusedEl: document.activeElement === tree, count: screen.getByTestId('waterfall').getAttribute('data-count') }).toEqual({ active: second.id, focusedEl: true, count: '7' });
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('span-panel').textContent).toContain('delegate_task_to_member');
    await waitFor(() => expect(screen.getByTestId('span-panel').textContent).toContain('writer-abff'));
  });

  it('zooms to a subtree and back', async () => {
    const user = userEvent.setup();
    renderApp(teamRunUrl);
    await screen.findByTestId('waterfall');
    await user.click(row('Web_Researcher.arun'));
    await user.click(screen.getByTestId('zoom-span'));
    expect(screen.getByTestId('waterfall').getAttribute('data-count')).toBe('4');
    expect(screen.getByTestId('trace-zoom').textContent).toContain('Web_Researcher.arun');
    await user.click(within(screen.getByTestId('trace-zoom')).getByRole('button'));
    expect(screen.getByTestId('waterfall').getAttribute('data-count')).toBe('11');
  });
});
