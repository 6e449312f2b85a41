// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { comparePeople } from '../../lib/compare-people';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/** Issue 24, item 7: the compare view's people own runs in the data, and the bodies are diffed. */
useDeskServer({ auth: { authorization: true, user_isolation: true } }, async (s) => {
  await s.desk('POST', '/desk/sample-data');
});

describe('Given user isolation and a run of other-user', () => {
  it('When the compare view is filled for that run, Then A is its owner (200), B another owner of sessions (404), and the bodies are diffed', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-compare'));
    const path = await screen.findByTestId('compare-path');
    await user.clear(path);
    await user.type(path, '/sessions/demo-agent-other-user/runs/demo-run-other-1?type=agent');
    await user.click(screen.getByTestId('compare-personas'));
    await waitFor(() => expect((screen.getByTestId('compare-token-1') as HTMLTextAreaElement).value).not.toBe(''));
    expect((screen.getByRole('textbox', { name: 'Label of column 1' }) as HTMLInputElement).value).toBe('user A (other-user)');
    expect((screen.getByRole('textbox', { name: 'Label of column 2' }) as HTMLInputElement).value).toBe('user B (demo-user)');

    await user.click(screen.getByTestId('compare-run'));
    await waitFor(() => expect(screen.getByTestId('compare-result-0').getAttribute('data-status')).toBe('200'));
    expect(screen.getByTestId('compare-result-1').getAttribute('data-status')).toBe('404');
    expect(screen.getByTestId('compare-result-2').getAttribute('data-status')).toBe('200');

    const diff = screen.getByTestId('compare-diff');
    const aToB = within(diff).getByTestId('compare-diff-1');
    expect(aToB.querySelector('[data-kind="del"]')?.textContent).toMatch(/demo-run-other-1|other-user|Oslo/);
    expect(aToB.querySelector('[data-kind="add"]')?.textContent).toMatch(/NOT_FOUND|not found/i);
    expect(within(within(diff).getByTestId('compare-diff-2')).getByTestId('compare-same')).toBeTruthy();
  });
});

describe('comparePeople', () => {
  it('puts the path’s owner first, then another owner, and falls back to made-up users only when the data has none', () => {
    expect(comparePeople('other-user', ['demo-user', 'demo-user', 'other-user'])).toEqual(['other-user', 'demo-user']);
    expect(comparePeople(null, ['demo-user', null, 'other-user'])).toEqual(['demo-user', 'other-user']);
    expect(comparePeople(null, ['solo'])).toEqual(['solo', 'bob']);
    expect(comparePeople(null, [])).toEqual(['alice', 'bob']);
  });
});

describe('Ctrl+Enter in the compare view', () => {
  it('When a button has focus, or focus fell to the page body, Then Ctrl+Enter sends the request as each token', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-compare'));
    await user.click(await screen.findByTestId('compare-personas'));
    await waitFor(() => expect((screen.getByTestId('compare-token-1') as HTMLTextAreaElement).value).not.toBe(''));

    screen.getByTestId('compare-personas').focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('compare-result-0').getAttribute('data-status')).toBe('200'));

    // Edit a label (the results reset), then leave focus on <body> as a disabled button does.
    await user.type(screen.getByRole('textbox', { name: 'Label of column 1' }), '!');
    await waitFor(() => expect(screen.queryByTestId('compare-result-0')).toBeNull());
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('compare-result-0').getAttribute('data-status')).toBe('200'));
  });
});
