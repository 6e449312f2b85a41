// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToken, setCurrent } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from './observability-fixture';

let sessionsOnly = '';
useDeskServer({ auth: { authorization: true } }, async (server) => {
  await attachObservabilityDb(server);
  sessionsOnly = await server.mint({ sub: 'reader', scopes: ['sessions:read'] });
});

describe('traces list', () => {
  it('filters to the error traces and opens one, with links to its run and session', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/traces?db=${OBS.db}`);
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(19));
    await user.click(screen.getByRole('radio', { name: 'Errors' }));
    expect(router.state.location.search).toContain('status=ERROR');
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(3));
    expect(screen.getAllByTestId('trace-row').every((r) => r.getAttribute('data-status') === 'ERROR')).toBe(true);

    await user.click(within(screen.getAllByTestId('trace-row')[0]!).getByTestId('trace-link'));
    const page = await screen.findByTestId('trace-page');
    expect(within(page).getByTestId('trace-run-link').getAttribute('href')).toMatch(/\/sessions\/.+\/runs\/.+tab=trace/);
    expect(within(page).getByTestId('trace-session-link')).toBeTruthy();
    expect(await screen.findByTestId('span-error')).toBeTruthy();
  });

  it('sorts the page by spans', async () => {
    const user = userEvent.setup();
    renderApp(`/traces?db=${OBS.db}`);
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(19));
    await user.click(screen.getByTestId('sort-spans'));
    const spans = screen.getAllByTestId('trace-row').map((r) => Number(r.querySelectorAll('td')[4]!.textContent));
    expect(spans[0]).toBe(11);
    expect([...spans].sort((a, b) => b - a)).toEqual(spans);
  });

  it('through a token without traces:read, says why the platform refused it', async () => {
    setCurrent(addToken({ label: 'sessions reader', token: sessionsOnly, source: 'minted' }).id);
    renderApp(`/traces?db=${OBS.db}`);
    const explain = await screen.findByTestId('auth-explain');
    expect(explain.getAttribute('data-status')).toBe('403');
    expect(within(explain).getByTestId('lens-note').textContent).toContain('sessions reader');
    await waitFor(() => expect(explain.textContent).toContain('traces:read'));
  });
});
