// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/** Custom mappings redefine what a run read needs: the filled users must carry it, or isolation never shows. */
useDeskServer({ auth: { authorization: true, user_isolation: true, scope_mappings: { 'GET /sessions/*': ['app:sessions'] } } }, async (s) => {
  await s.desk('POST', '/desk/sample-data');
});

describe('Given user isolation and a custom mapping for session reads', () => {
  // Failed before: both users were minted with sessions:read only and got 403, so isolation never became visible.
  it('When the compare view is filled for a run, Then the users carry the scope the mapping asks for: the owner 200, the other user 404', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-compare'));
    const path = await screen.findByTestId('compare-path');
    await user.clear(path);
    await user.type(path, '/sessions/demo-agent-other-user/runs/demo-run-other-1?type=agent');
    await user.click(screen.getByTestId('compare-personas'));
    await waitFor(() => expect((screen.getByTestId('compare-token-1') as HTMLTextAreaElement).value).not.toBe(''));

    await user.click(screen.getByTestId('compare-run'));
    await waitFor(() => expect(screen.getByTestId('compare-result-0').getAttribute('data-status')).toBe('200'), { timeout: 5000 });
    expect(screen.getByTestId('compare-result-1').getAttribute('data-status')).toBe('404');
    expect(screen.getByTestId('compare-result-2').getAttribute('data-status')).toBe('200');
  });
});
