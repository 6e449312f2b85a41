// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/** A custom rule that never decides on the platform (the default GET /sessions/* comes first). */
const server = useDeskServer({ auth: { authorization: true, scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } } });

describe('Given a custom GET /sessions/*/runs/* and a token holding runs:read', () => {
  // Failed before: a green 200 by the custom rule, and "Override" edited a key that never decides.
  it('When a run read is inspected, Then it is the platform\'s 403, the other mode\'s 200 is shown beside it, and the guided fix adds the key that decides', async () => {
    const user = userEvent.setup();
    const token = await server().mint({ sub: 'bob', scopes: ['runs:read'] });
    const { router } = renderApp('/tokens?tab=inspect');
    fireEvent.change(await screen.findByTestId('inspect-token'), { target: { value: token } });
    const path = screen.getByTestId('inspect-path');
    await user.clear(path);
    await user.type(path, '/sessions/s1/runs/r1');
    await waitFor(() => expect(screen.getByTestId('inspect-result').getAttribute('data-status')).toBe('403'), { timeout: 5000 });
    const other = screen.getByTestId('inspect-other-verdict');
    expect(other.getAttribute('data-status')).toBe('200');
    expect(other.textContent).toContain('specific');
    expect(other.textContent).toContain('GET /sessions/*/runs/*');

    const link = screen.getByTestId('verdict-edit-mapping');
    expect(link.textContent).toBe('Override this rule →');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect((await screen.findByTestId('recheck-note')).textContent).toContain('GET /sessions/*');
    await user.click(await screen.findByTestId('add-deciding-mapping'));
    const row = await waitFor(() => {
      const r = document.querySelector('[data-focused-mapping="true"]');
      expect(r).not.toBeNull();
      return r as HTMLElement;
    });
    expect((row.querySelector('input[aria-label^="Path pattern"]') as HTMLInputElement).value).toBe('/sessions/*');
    expect(row.textContent).toContain('sessions:read');
  });

  // Failed before: the row was GET /sessions/{session_id}/runs/{run_id}, appended behind GET /sessions/* and never deciding.
  it('When a default is overridden from the defaults table, Then the new row is the key that decides it on the platform', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Override GET /sessions/{session_id}/runs/{run_id}' }));
    const paths = await waitFor(() => {
      const inputs = [...document.querySelectorAll<HTMLInputElement>('input[aria-label^="Path pattern"]')].map((i) => i.value);
      expect(inputs).toContain('/sessions/*');
      return inputs;
    });
    expect(paths).not.toContain('/sessions/{session_id}/runs/{run_id}');
  });
});
