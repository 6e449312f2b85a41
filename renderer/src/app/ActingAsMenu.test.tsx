// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToken } from '../auth/acting-as';
import { useDeskServer } from '../testing/desk-server';
import { renderApp } from '../testing/render';

const server = useDeskServer({ auth: { scopes_claim: 'realm_access.roles', user_id_claim: 'preferred_username' } });

describe('acting-as list', () => {
  it('When the settings read scopes from a nested claim, Then a minted token lists the scopes it carries there', async () => {
    const token = (
      await server().desk<{ token: string }>('POST', '/desk/tokens', {
        sub: 'kc-1',
        scopes: ['sessions:read', 'agents:read'],
        claims: { preferred_username: 'alice', scope: 'openid profile email' },
      })
    ).token;
    addToken({ label: '', token, source: 'minted' });
    const user = userEvent.setup();
    renderApp('/sessions');
    await user.click(await screen.findByTestId('acting-as'));
    await screen.findAllByTestId('acting-as-option');
    const row = screen.getAllByTestId('acting-as-option').find((r) => r.textContent?.includes('minted'))!;
    await waitFor(() => expect(within(row).getByText('sessions:read')).toBeTruthy());
    expect(within(row).getByText('agents:read')).toBeTruthy();
    expect(within(row).queryByText('openid')).toBeNull();
    expect(within(row).getAllByText('alice').length).toBeGreaterThan(0);
  });
});
