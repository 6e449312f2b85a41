// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

useDeskServer({}, attachObservabilityDb);

describe('memories, evals and metrics pages', () => {
  it('opens a user’s memories and narrows them by topic', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/memories?db=${OBS.db}`);
    const olivia = await screen.findByRole('button', { name: /^olivia/ });
    await user.click(olivia);
    expect(router.state.location.search).toContain('user=olivia');
    await waitFor(() => expect(screen.getAllByTestId('memory')).toHaveLength(4));
    expect(screen.getAllByTestId('memory').some((m) => m.textContent?.includes('Montréal'))).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'budget', pressed: false }));
    await waitFor(() => expect(screen.getAllByTestId('memory')).toHaveLength(2));
  });

  it('searches memories as you type, finding a word whatever its accents or case (no Enter)', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/memories?db=${OBS.db}`);
    const box = await screen.findByTestId('memory-search');
    for (const word of ['Montréal', 'montreal']) {
      await user.clear(box);
      await user.type(box, word);
      await waitFor(() => expect(router.state.location.search).toContain(`q=${encodeURIComponent(word)}`));
      await waitFor(() => expect(screen.getAllByTestId('memory').map((m) => m.textContent)).toEqual([expect.stringContaining('Olivia is planning a weekend trip to Montréal')]));
    }
  });

  it('lists the evals per type and opens one with its result', async () => {
    const user = userEvent.setup();
    renderApp(`/evals?db=${OBS.db}`);
    await waitFor(() => expect(screen.getAllByTestId('eval-row')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'Reliability' }));
    await waitFor(() => expect(screen.getAllByTestId('eval-row')).toHaveLength(2));
    await user.click(screen.getByRole('link', { name: 'Revenue growth uses SQL only' }));
    expect(await screen.findByTestId('eval-headline')).toHaveProperty('textContent', 'FAILED');
    expect(screen.getByTestId('eval-results').textContent).toContain('calculate');
    expect(screen.getByRole('link', { name: 'data-analyst-abff' }).getAttribute('href')).toContain('component=data-analyst-abff');
  });

  it('shows each day’s tokens in the table beside the chart', async () => {
    renderApp(`/metrics?db=${OBS.db}`);
    const table = await screen.findByTestId('tokens-table');
    const day = within(table).getByText('2026-04-04').closest('tr')!;
    expect(within(day).getByTestId('day-total-tokens').textContent).toBe('31,921');
  });
});
