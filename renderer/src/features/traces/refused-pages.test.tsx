// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addToken, setCurrent } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

const TRACE = 'b917174598b6d5d11fad9cadb541dd27';
const EVAL = '7e5828c7-a8cc-4dae-ba99-27176934407a';

let sessionsOnly = '';
useDeskServer({ auth: { authorization: true } }, async (server) => {
  await attachObservabilityDb(server);
  sessionsOnly = await server.mint({ sub: 'reader', scopes: ['sessions:read'] });
});

// The single-query pages (the kit's QueryPage) explain a refused token as the lists do.
describe.each([
  ['a trace', `/traces/${TRACE}?db=${OBS.db}`, 'traces:read'],
  ['an eval', `/evals/${EVAL}?db=${OBS.db}`, 'evals:read'],
])('%s through a token that may not read it', (_name, url, scope) => {
  it('says why the platform refused it', async () => {
    setCurrent(addToken({ label: 'sessions reader', token: sessionsOnly, source: 'minted' }).id);
    renderApp(url);
    const explain = await screen.findByTestId('auth-explain');
    expect(explain.getAttribute('data-status')).toBe('403');
    expect(within(explain).getByTestId('lens-note').textContent).toContain('sessions reader');
    await waitFor(() => expect(explain.textContent).toContain(scope));
  });
});
