// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToken, getActingAsState, setCurrent, tokenFacts } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/** Issue 24, item 7: a 404 through a token's lens says when it is user isolation, and offers the way on. */
const OTHER_RUN = '/sessions/demo-agent-other-user/runs/demo-run-other-1?type=agent';
const READ = ['sessions:read', 'agents:read'];

const server = useDeskServer({ auth: { authorization: true, user_isolation: true } }, async (s) => {
  await s.desk('POST', '/desk/sample-data');
});

async function actAs(sub: string): Promise<void> {
  setCurrent(addToken({ label: sub, token: await server().mint({ sub, scopes: READ }), source: 'minted' }).id);
}

describe('Given user isolation, and a run that belongs to other-user', () => {
  it('When demo-user opens it through her token, Then the 404 says the run exists and whose it is, names her, and "Act as other-user" opens it', async () => {
    const user = userEvent.setup();
    await actAs('demo-user');
    renderApp(OTHER_RUN);
    const panel = await screen.findByTestId('lens-not-found');
    const reason = within(panel).getByTestId('lens-not-found-reason');
    await waitFor(() => expect(reason.getAttribute('data-reason')).toBe('isolation'));
    expect(panel.textContent).toMatch(/belongs to another user/);
    expect(reason.textContent).toMatch(/belongs to other-user and you are acting as demo-user/);
    expect(reason.textContent).toMatch(/404/);
    // Nothing of the run's content is shown through the lens.
    expect(panel.textContent).not.toMatch(/Oslo/);
    expect(within(panel).getByTestId('back-to-desk-view')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: /Back to sessions/ }).getAttribute('href')).toBe('/sessions');

    await user.click(within(panel).getByTestId('act-as-owner'));
    expect((await screen.findByTestId('run-page')).getAttribute('data-run-id')).toBe('demo-run-other-1');
    const { tokens, currentId } = getActingAsState();
    expect(tokenFacts(tokens.find((t) => t.id === currentId)?.token ?? '').sub).toBe('other-user');
  });

  it('When "Back to the desk view" is pressed, Then the run opens in the desk view', async () => {
    const user = userEvent.setup();
    await actAs('demo-user');
    renderApp(OTHER_RUN);
    await user.click(await screen.findByTestId('back-to-desk-view'));
    expect((await screen.findByTestId('run-page')).getAttribute('data-run-id')).toBe('demo-run-other-1');
    expect(getActingAsState().currentId).toBeNull();
  });

  it('When a run that is nowhere is opened through a token, Then the 404 says the desk view does not have it either', async () => {
    await actAs('demo-user');
    renderApp('/sessions/demo-agent-other-user/runs/no-such-run?type=agent');
    const reason = await screen.findByTestId('lens-not-found-reason');
    await waitFor(() => expect(reason.getAttribute('data-reason')).toBe('absent'));
    expect(reason.textContent).toMatch(/desk view does not have it either/);
  });
});
