// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer();

const rowTexts = () => screen.getAllByTestId('session-row').map((r) => r.textContent ?? '');

describe('sessions list', () => {
  // One server for the file: the first test starts from an empty store and loads the sample.
  it('an empty store offers the sample data; loading it lists the sample sessions', async () => {
    const user = userEvent.setup();
    renderApp('/sessions');
    await user.click(await screen.findByTestId('load-sample-data'));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(5));
    expect(rowTexts().some((t) => t.includes('Weather in Oslo?'))).toBe(true);
  });

  it('the type filter and the search narrow the list, through the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/sessions');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(5));

    const types = screen.getByRole('radiogroup', { name: 'Session type' });
    await user.click(within(types).getByRole('radio', { name: /Team/ }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(rowTexts()[0]).toContain('How is the weather affecting energy prices this week?');
    expect(router.state.location.search).toContain('type=team');

    await user.click(within(types).getByRole('radio', { name: /All/ }));
    await user.type(screen.getByTestId('session-search'), 'Oslo');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(rowTexts()[0]).toContain('Weather in Oslo?');
  });

  it('When a control has the focus, Then Enter works that control and does not open the first row', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/sessions');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(5));
    const controls = [screen.getByTestId('acting-as'), within(screen.getByRole('radiogroup', { name: 'Session type' })).getByRole('radio', { name: /Team/ })];
    for (const control of controls) {
      control.focus();
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname, control.textContent ?? '').toBe('/sessions');
    }
    // With nothing focused, Enter still opens the first row.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sessions\/./));
  });
});
