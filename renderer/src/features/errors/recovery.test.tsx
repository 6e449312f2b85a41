// @vitest-environment jsdom
/// <reference types="node" />
import { screen, waitFor, within } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAgnoDb, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

/**
 * Issue 24, item 10: the UI recovers from a server that went away (or restarted) and says what
 * is wrong when a database fails, instead of stale or skeleton screens under a green badge.
 */
const server = useDeskServer();

async function withServerDown(body: () => Promise<void>): Promise<void> {
  await server().down();
  try {
    await body();
  } finally {
    await server().up();
  }
}

describe('Given the rundesk server goes away and comes back', () => {
  it('When Settings is opened while it is down, Then it says the server cannot be reached, offers Try again, and shows the settings by itself once the server is back', async () => {
    await withServerDown(async () => {
      renderApp('/settings');
      const failed = await screen.findByTestId('settings-error');
      expect(failed.getAttribute('data-error-code')).toBe('NETWORK_ERROR');
      expect(within(failed).getByRole('button', { name: /Try again/ })).toBeTruthy();
      expect((await screen.findByTestId('server-outage')).textContent).toMatch(/Can’t reach the rundesk server/);
    });
    await screen.findByTestId('settings-page');
    await waitFor(() => expect(screen.queryByTestId('server-outage')).toBeNull());
  });

  it('When the server restarts with other settings while Settings is open, Then the page shows the new settings (nothing stale) without a reload', async () => {
    renderApp('/settings');
    const claim = (await screen.findByTestId('field-scopes_claim')) as HTMLInputElement;
    expect(claim.value).toBe('scopes');
    await withServerDown(async () => {
      const file = path.join(server().dataDir, 'settings.json');
      const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as { auth?: Record<string, unknown> };
      fs.writeFileSync(file, JSON.stringify({ ...settings, auth: { ...settings.auth, scopes_claim: 'permissions' } }));
    });
    await waitFor(() => expect((screen.getByTestId('field-scopes_claim') as HTMLInputElement).value).toBe('permissions'));
  });

  it('When the token workshop is opened while it is down, Then Mint says the server cannot be reached, not that there is no local key', async () => {
    await withServerDown(async () => {
      renderApp('/tokens');
      await screen.findByTestId('mint-key');
      expect(await screen.findByText(/Can’t reach the rundesk server: the keys could not be read/)).toBeTruthy();
      expect(screen.queryByText(/No local RS256 key/)).toBeNull();
    });
  });

  it('When the sessions list fails after it had rows, Then it shows the failure without the old "1–N of N" and its badge is not "Live"', async () => {
    await server().desk('POST', '/desk/sample-data');
    renderApp('/sessions');
    await screen.findByTestId('pagination');
    await withServerDown(async () => {
      await screen.findByRole('alert');
      expect(screen.queryByTestId('pagination')).toBeNull();
      expect(screen.getByTestId('live').getAttribute('data-state')).toBe('paused');
      expect(screen.getByTestId('live').textContent).toMatch(/server unreachable/);
    });
    await screen.findByTestId('pagination');
  });
});

describe('Given an attached database that is damaged', () => {
  it('When its sessions are listed, Then the 503 DATABASE_UNAVAILABLE is explained through every poll and retry: no skeleton rows, no green "Live"', async () => {
    const file = path.join(server().dataDir, 'damaged.db');
    buildAgnoDb(file, makeDemoSessions());
    await server().desk('POST', '/desk/databases', { id: 'damaged', path: file, read_only: true });
    fs.truncateSync(file, 4096);
    // The app's own retries of a transient failure (1 s, then 2 s) and its 2 s poll.
    renderApp('/sessions?db=damaged', { appQueryClient: true });
    const explained = await screen.findByRole('alert');
    expect(explained.getAttribute('data-error-code')).toBe('DATABASE_UNAVAILABLE');
    const until = Date.now() + 7000;
    while (Date.now() < until) {
      expect(document.querySelector('[aria-busy="true"]'), 'skeleton rows over a failed list').toBeNull();
      expect(screen.getByTestId('live').getAttribute('data-state')).toBe('paused');
      expect(screen.getByTestId('live').textContent).toMatch(/database unavailable/);
      expect(screen.getByRole('alert').getAttribute('data-error-code')).toBe('DATABASE_UNAVAILABLE');
      await new Promise((r) => setTimeout(r, 50));
    }
    await server().desk('DELETE', '/desk/databases/damaged');
  });
});
