// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer({ auth: { authorization: true } });

describe('editing scope mappings (issue 33, workbench polish)', () => {
  it('When a mapping’s scope is misspelled while typed, Then the row names the scope meant before anything is saved, and one click uses it', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByTestId('add-mapping'));
    const row = screen.getByTestId('mapping-row-0');
    await user.type(within(row).getByRole('textbox', { name: 'Path pattern of mapping 1' }), '/reports/*');
    const scopes = within(row).getByLabelText('Scopes of mapping 1');
    await user.type(scopes, 'sesions:read');

    // Still typing: no chip yet, no save, already flagged.
    const typo = await within(row).findByTestId('mapping-typo');
    expect(typo.textContent).toContain('"sesions:read" is no scope any route asks for: did you mean "sessions:read"?');
    expect(scopes.getAttribute('aria-describedby')).toBe(typo.parentElement!.id);
    const saved = await server().desk<{ settings: { auth: { scope_mappings: unknown } } }>('GET', '/desk/settings');
    expect(saved.settings.auth.scope_mappings).toBeNull();

    await user.keyboard('{Enter}');
    await user.click(within(row).getByRole('button', { name: 'Use sessions:read' }));
    expect(within(row).getByText('sessions:read')).toBeTruthy();
    expect(within(row).queryByTestId('mapping-typo')).toBeNull();
  });

  it('When Enter presses "Override" on a default, Then focus lands in the new custom row’s scopes, not on the page body', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const override = await screen.findByRole('button', { name: 'Override GET /metrics' });
    override.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    const custom = screen.getByTestId('mapping-row-0');
    expect((within(custom).getByRole('textbox', { name: 'Path pattern of mapping 1' }) as HTMLInputElement).value).toBe('/metrics');
    expect(document.activeElement).toBe(within(custom).getByLabelText('Scopes of mapping 1'));
  });

  it('explains the two wildcard grammars of the page: mapping keys cross "/", excluded paths match whole segments', async () => {
    renderApp('/settings');
    const note = await screen.findByRole('note', { name: 'How patterns match' });
    expect(note.textContent).toContain('/sessions/* also covers /sessions/s1/runs/r1');
    expect(note.textContent).toContain('a trailing /* covers the path and everything below it');
    const excluded = document.querySelector('[data-field="excluded_route_paths"]')!;
    expect(excluded.textContent).toContain('in scope mapping keys * also crosses /');
  });
});
