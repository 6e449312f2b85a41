// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getActingAsState } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer({ auth: { authorization: true } }, async (s) => {
  await s.desk('POST', '/desk/sample-data');
});

describe('token workshop', () => {
  it('mints a token, shows its claims and the platform’s answer to it, and acts as it', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-mint'));
    const sub = await screen.findByTestId('mint-sub');
    await user.clear(sub);
    await user.type(sub, 'alice');
    await user.click(screen.getByTestId('mint-submit'));

    expect((await screen.findByTestId('minted-claims')).textContent).toContain('"sub": "alice"');
    expect(screen.getByTestId('mint-preview').textContent).toMatch(/^200 ?OK/);
    await user.click(screen.getByTestId('act-as'));
    await waitFor(() => expect(screen.getByTestId('acting-as-current').textContent).toBe('alice · minted'));
    const { tokens, currentId } = getActingAsState();
    expect(tokens.find((t) => t.id === currentId)?.source).toBe('minted');
  });

  it('inspects a pasted token: allowed where its scopes reach, refused with the missing scope elsewhere', async () => {
    const user = userEvent.setup();
    const token = await server().mint({ sub: 'bob', scopes: ['agents:read'] });
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-inspect'));
    // Pasting, as a user does with a token from elsewhere.
    fireEvent.change(await screen.findByTestId('inspect-token'), { target: { value: token } });
    const path = screen.getByTestId('inspect-path');
    await user.clear(path);
    await user.type(path, '/agents');
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('200'), { timeout: 5000 });
    expect(screen.getByTestId('inspect-verdict').textContent).toMatch(/Allowed/);

    await user.clear(path);
    await user.type(path, '/sessions');
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('403'), { timeout: 5000 });
    expect(screen.getByTestId('inspect-required').textContent).toContain('sessions:read');
  });
});
