// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { isDeprecated } from './widgets';

interface DeskSettings {
  settings: { auth: { algorithm: string; scopes_claim: string; audience: unknown } };
}

const server = useDeskServer();

describe('settings form', () => {
  it('draws every auth setting from the server’s description, with its label and value', async () => {
    renderApp('/settings');
    const algorithm = (await screen.findByTestId('field-algorithm')) as HTMLInputElement | HTMLSelectElement;
    expect(algorithm.value).toBe('RS256');
    expect((screen.getByTestId('field-scopes_claim') as HTMLInputElement).value).toBe('scopes');
    // A section heading and a label the server sends (not written in the renderer).
    const schema = await server().desk<{ sections: { id: string; title: string }[]; auth: { name: string; label: string; help: string }[] }>('GET', '/desk/settings/schema');
    expect(schema.auth.length).toBeGreaterThan(10);
    // Deprecated settings are drawn only once a file sets them.
    for (const field of schema.auth.filter((f) => !isDeprecated(f))) expect(screen.getAllByText(field.label).length, field.name).toBeGreaterThan(0);
    for (const section of schema.sections) expect(screen.getAllByText(section.title).length, section.id).toBeGreaterThan(0);
  });

  it('shows the server’s dry-run message beside a bad value, writes nothing, then saves a fixed one', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const claim = (await screen.findByTestId('field-scopes_claim')) as HTMLInputElement;
    await user.clear(claim);

    const issue = await screen.findByTestId('issue-scopes_claim');
    expect(issue.getAttribute('data-source')).toBe('server');
    expect(issue.textContent).toMatch(/must not be empty/);
    expect((await server().desk<DeskSettings>('GET', '/desk/settings')).settings.auth.scopes_claim).toBe('scopes');

    await user.type(claim, 'scp');
    await waitFor(() => expect(screen.queryByTestId('issue-scopes_claim')).toBeNull());
    await user.click(screen.getByTestId('save-settings'));
    await screen.findByTestId('saved-state');
    expect((await server().desk<DeskSettings>('GET', '/desk/settings')).settings.auth.scopes_claim).toBe('scp');
  });

  it('When the focus is outside the form, Then Ctrl+S still saves the settings (not the browser\'s "Save page")', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const claim = (await screen.findByTestId('field-scopes_claim')) as HTMLInputElement;
    await user.clear(claim);
    await user.type(claim, 'permissions');
    await waitFor(() => expect(screen.queryByTestId('issue-scopes_claim')).toBeNull());
    claim.blur();
    expect(document.activeElement).toBe(document.body);
    const save = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(save);
    expect(save.defaultPrevented).toBe(true);
    await screen.findByTestId('saved-state');
    expect((await server().desk<DeskSettings>('GET', '/desk/settings')).settings.auth.scopes_claim).toBe('permissions');
  });

  it('When an origin is added to the CORS list, Then it is an unsaved change of the page and the page\'s one Save writes it (no "Save origins" of its own)', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const panel = await screen.findByTestId('cors-panel');
    expect(within(panel).queryByRole('button', { name: /save/i })).toBeNull();
    const input = within(panel).getByRole('textbox', { name: 'Allowed origins' });
    await user.type(input, 'http://localhost:5173{Enter}');
    expect((await screen.findByTestId('dirty-state')).textContent).toMatch(/1 unsaved change/);
    expect(within(panel).getByTestId('cors-unsaved')).toBeTruthy();
    await user.click(screen.getByTestId('save-settings'));
    await screen.findByTestId('saved-state');
    const saved = await server().desk<{ settings: { cors_allowed_origins: string[] } }>('GET', '/desk/settings');
    expect(saved.settings.cors_allowed_origins).toContain('http://localhost:5173');
    expect(within(panel).queryByTestId('cors-unsaved')).toBeNull();
  });
});
