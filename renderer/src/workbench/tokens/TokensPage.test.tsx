// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getActingAsState } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { mintInWorkshop } from './testing';

const server = useDeskServer({ auth: { authorization: true } }, async (s) => {
  await s.desk('POST', '/desk/sample-data');
});

describe('token workshop', () => {
  it('mints a token, shows its claims and the platform’s answer to it, and acts as it', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await mintInWorkshop(user, 'alice');

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
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('200'));
    expect(screen.getByTestId('inspect-verdict').textContent).toMatch(/Allowed/);

    await user.clear(path);
    await user.type(path, '/sessions');
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('403'));
    expect(screen.getByTestId('inspect-required').textContent).toContain('sessions:read');
  });

  // Failed before: Inspect kept the placeholder path /sessions/SESSION_ID/runs/RUN_ID.
  it('When a token is minted for a request and then inspected, Then Inspect asks about that request', async () => {
    const user = userEvent.setup();
    renderApp('/tokens?tab=mint');
    const request = await screen.findByPlaceholderText('/sessions/SESSION_ID/runs/RUN_ID');
    await user.clear(request);
    await user.type(request, '/agents');
    await mintInWorkshop(user, 'carol');
    await screen.findByTestId('minted-token');
    await user.click(screen.getByTestId('inspect-minted'));
    expect(((await screen.findByTestId('inspect-path')) as HTMLInputElement).value).toBe('/agents');

    // Minted for the demo run (no request named): Inspect asks about the run the preview called.
    await user.click(screen.getByTestId('tab-mint'));
    const again = await screen.findByPlaceholderText('/sessions/SESSION_ID/runs/RUN_ID');
    await user.clear(again);
    await mintInWorkshop(user, 'dave');
    await waitFor(() => expect(screen.getByTestId('minted-claims').textContent).toContain('"sub": "dave"'));
    await user.click(screen.getByTestId('inspect-minted'));
    const path = ((await screen.findByTestId('inspect-path')) as HTMLInputElement).value;
    expect(path).toMatch(/^\/sessions\/[^/]+\/runs\/[^/]+/);
    expect(path).not.toContain('SESSION_ID');
  });

  it('When a token is minted, Then it joins the acting-as list at once, and the workshop keeps it and the inspected request across navigation', async () => {
    const user = userEvent.setup();
    const first = renderApp('/tokens?tab=mint');
    await mintInWorkshop(user, 'carol');
    const token = (await screen.findByTestId('minted-token')).textContent;
    // In the acting-as list without pressing "Act as", and not made the lens.
    const entry = getActingAsState().tokens.find((t) => t.token === token);
    expect(entry).toMatchObject({ source: 'minted', label: 'carol · minted' });
    expect(getActingAsState().currentId).not.toBe(entry?.id);

    await user.click(screen.getByTestId('tab-inspect'));
    const path = await screen.findByTestId('inspect-path');
    await user.clear(path);
    await user.type(path, '/agents');
    await first.router.navigate('/sessions');
    first.unmount();

    // A fresh mount (as after a reload): the minted token and the inspected path are still there.
    renderApp('/tokens?tab=mint');
    expect((await screen.findByTestId('minted-token')).textContent).toBe(token);
    await user.click(screen.getByTestId('tab-inspect'));
    expect(((await screen.findByTestId('inspect-path')) as HTMLInputElement).value).toBe('/agents');
  });

  it('When a request is refused, Then the verdict links to the rule that decided it, open and focused in the mapping editor', async () => {
    const user = userEvent.setup();
    const token = await server().mint({ sub: 'bob', scopes: ['agents:read'] });
    const { router } = renderApp('/tokens?tab=inspect');
    fireEvent.change(await screen.findByTestId('inspect-token'), { target: { value: token } });
    const path = screen.getByTestId('inspect-path');
    await user.clear(path);
    await user.type(path, '/sessions');
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('403'));
    const link = screen.getByTestId('verdict-edit-mapping');
    expect(link.textContent).toBe('Override this rule →');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    const row = await waitFor(() => {
      const r = document.querySelector('[data-focused-mapping="true"]');
      expect(r).not.toBeNull();
      return r as HTMLElement;
    });
    expect(row.textContent).toContain('/sessions');
    await waitFor(() => expect(row.contains(document.activeElement)).toBe(true));
  });
});
