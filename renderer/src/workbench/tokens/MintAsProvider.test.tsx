// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { mintInWorkshop } from './testing';

// "Use preset + fixture JWKS" for Keycloak: the settings now trust only Keycloak's (fixture) keys.
useDeskServer({}, async (s) => {
  await s.desk('POST', '/desk/sample-data');
  await s.desk('POST', '/desk/presets/keycloak/fixture', { apply: true });
});

describe('minting with an identity provider preset', () => {
  it('When Keycloak\'s fixture JWKS is trusted, Then "alice with sessions:read" is minted as Keycloak would issue it, and the server accepts it', async () => {
    const user = userEvent.setup();
    renderApp('/tokens');
    await mintInWorkshop(user, 'alice');

    expect(await screen.findByTestId('mint-signer')).toHaveProperty('textContent', expect.stringMatching(/signed by Keycloak fixture key/));
    expect(screen.getByTestId('minted-claims').textContent).toContain('"realm_access"');
    expect(screen.getByTestId('mint-preview').textContent).toMatch(/^200 ?OK/);
    expect(screen.getByText('valid')).toBeTruthy();
  });
});
