// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

/** The run cancelled in Agno's observability database: its trace was closed as ERROR. */
const CANCELLED_RUN = 'da4786b5-81e1-403d-a106-17062e7d5dae';

useDeskServer({}, (s) => attachObservabilityDb(s));

const segmentCount = (type: string) => within(document.querySelector(`[data-type="${type}"]`) as HTMLElement).getByText(/^\d+|·$/).textContent;
const summaryTotal = () => Number(/^(\d+) of/.exec(screen.getByTestId('run-search-summary').textContent ?? '')?.[1]);

describe('the runs view over Agno’s observability database (issue 33)', () => {
  it('When runs are listed, Then the type buttons count runs, not sessions, the pager says "runs", and no button reads 0 wrongly', async () => {
    const user = userEvent.setup();
    renderApp(`/sessions?view=runs&db=${OBS.db}`);
    await screen.findByTestId('run-search-summary');
    await waitFor(() => expect(segmentCount('team')).not.toBe('·'));
    expect(Number(segmentCount('all'))).toBe(summaryTotal());
    const team = Number(segmentCount('team'));
    expect(team).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('pagination').querySelector('span')?.textContent).toMatch(/ of 24 runs$/);

    // Each count is what choosing the type lists; a content search narrows the counts too.
    await user.click(document.querySelector('[data-type="team"]') as HTMLElement);
    await waitFor(() => expect(summaryTotal()).toBe(team));
    await user.click(document.querySelector('[data-type="all"]') as HTMLElement);
    await user.type(screen.getByTestId('session-search'), 'zzzz-no-run-says-this');
    await waitFor(() => expect(segmentCount('all')).toBe('0'));
  });

  it('When "Failed or cancelled" is ticked, Then it lists the three runs Traces → Errors lists, the cancelled one included', async () => {
    const user = userEvent.setup();
    renderApp(`/sessions?view=runs&db=${OBS.db}`);
    const box = await screen.findByRole('checkbox', { name: 'Failed or cancelled' });
    await user.click(box);
    await waitFor(() => expect(screen.getAllByTestId('run-result')).toHaveLength(3));
    expect(screen.getAllByTestId('run-result').map((r) => r.getAttribute('data-run-id'))).toContain(CANCELLED_RUN);
  });

  it('When a team session is opened, Then its run time is wall clock (24.8 s), not the sum of the team run and its members (55 s)', async () => {
    renderApp(`/sessions/${OBS.teamSession}?type=team&db=${OBS.db}`);
    const field = await screen.findByTitle(/^Wall clock/);
    await waitFor(() => expect(field.textContent).toContain('24.8 s'));
  });
});
