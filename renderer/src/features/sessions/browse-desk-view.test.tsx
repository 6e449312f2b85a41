// @vitest-environment jsdom
/// <reference types="node" />
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportJWK, generateKeyPair } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAgnoDb, DEMO, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { makeTempDir } from '../../../../server/testing/temp-dir';
import { addToken, DESK_VIEW_LABEL, setCurrent } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

// The settings a user has once they point rundesk at their identity provider: only a foreign
// JWKS is trusted, so no token rundesk can mint is accepted by the platform API. An Agno file is
// attached and the built-in database is empty. Browsing used to be a wall of 401s here, and the
// UI opened on the empty welcome page.
let localToken = '';
const scratch = makeTempDir('rundesk-ct-jwks-');
const jwksFile = path.join(scratch.dir, 'idp.jwks.json');
const { publicKey } = await generateKeyPair('RS256');
fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] }));
useDeskServer({ auth: { jwks_file: jwksFile, authorization: true } }, async (s) => {
  const agnoFile = path.join(s.dataDir, 'agents.db');
  buildAgnoDb(agnoFile, makeDemoSessions());
  await s.desk('POST', '/desk/databases', { path: agnoFile });
  // Signed by rundesk's own key, which these settings no longer trust.
  localToken = await s.mint({ sub: 'dev', scopes: ['platform:admin'] });
});
afterAll(() => scratch.remove());

describe('run browser through the desk view', () => {
  it('opens on the attached database’s sessions, whatever keys the platform API trusts', async () => {
    renderApp('/');
    expect(await screen.findByText('Montréal weekend trip')).toBeTruthy();
    expect(screen.getByTestId('acting-as-current').textContent).toBe(DESK_VIEW_LABEL);
    expect(screen.queryByTestId('auth-explain')).toBeNull();
  });

  it('opens a session and one of its runs: tool calls and the answer are shown', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/sessions/${DEMO.agentMulti}?type=agent`);
    const convert = await screen.findAllByText(/Convert 1200 CAD to EUR/);
    await user.click(convert[0]!);
    await waitFor(() => expect(router.state.location.pathname).toMatch(new RegExp(`^/sessions/${DEMO.agentMulti}/runs/.+`)));
    expect((await screen.findAllByText(/1200 CAD is about 810 EUR/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/convert_currency/).length).toBeGreaterThan(0);
  });

  it('a rejected lens says which token was refused, and one click goes back to the desk view', async () => {
    const user = userEvent.setup();
    setCurrent(addToken({ label: 'local admin', token: localToken, source: 'minted' }).id);
    renderApp('/sessions');
    const explain = await screen.findByTestId('auth-explain');
    expect(explain.getAttribute('data-status')).toBe('401');
    expect(within(explain).getByTestId('lens-note').textContent).toContain('local admin');
    await waitFor(() => expect(within(explain).getByText('What the auth layer decided')).toBeTruthy());

    await user.click(within(explain).getByRole('button', { name: /Back to the desk view/ }));
    expect(await screen.findByText('Montréal weekend trip')).toBeTruthy();
    expect(screen.getByTestId('acting-as-current').textContent).toBe(DESK_VIEW_LABEL);
  });
});
