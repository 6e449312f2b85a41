// @vitest-environment jsdom
/// <reference types="node" />
import { screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

/** Issue 33: the run page does not sit on an error after the server comes back. */
const server = useDeskServer({}, attachObservabilityDb);

describe('Given the server is away when a run page opens', () => {
  it('When it comes back, Then the run shows by itself (read again with backoff), no click needed', async () => {
    await server().down();
    try {
      renderApp(`/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=${OBS.db}`);
      expect(await screen.findByText(/Try again/, {}, { timeout: 60_000 })).toBeTruthy();
    } finally {
      await server().up();
    }
    expect((await screen.findByTestId('run-page', {}, { timeout: 60_000 })).getAttribute('data-run-id')).toBe(OBS.teamRun);
  }, 180_000);
});

describe('Given the run’s database is unreadable when the run page opens (503)', () => {
  it('When it is readable again, Then the run shows by itself, without Try again', async () => {
    const file = path.join(server().dataDir, 'flaky.db');
    fs.copyFileSync(path.resolve('test/fixtures/agno/agno-observability.db'), file);
    const bytes = fs.readFileSync(file);
    await server().desk('POST', '/desk/databases', { id: 'flaky', path: file, read_only: true });
    fs.truncateSync(file, 4096);
    renderApp(`/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=flaky`, { appQueryClient: true });
    expect((await screen.findByRole('alert', {}, { timeout: 60_000 })).getAttribute('data-error-code')).toBe('DATABASE_UNAVAILABLE');
    fs.writeFileSync(file, bytes);
    expect((await screen.findByTestId('run-page', {}, { timeout: 90_000 })).getAttribute('data-run-id')).toBe(OBS.teamRun);
  }, 180_000);
});

describe('Given a session with priced runs', () => {
  it('When its page opens, Then its header sums the runs’ cost in dollars', async () => {
    renderApp(`/sessions/${OBS.teamSession}?type=team&db=${OBS.db}`);
    const cost = await screen.findByTestId('session-cost');
    await expect.poll(() => cost.textContent, { timeout: 30_000 }).toMatch(/^\$0\.0\d+$/);
  });
});
