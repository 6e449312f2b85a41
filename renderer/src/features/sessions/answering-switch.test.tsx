// @vitest-environment jsdom
/// <reference types="node" />
import { screen, within } from '@testing-library/react';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAgnoDb, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer();

/** The attached file `agent`, answering requests without db_id (pinned by the attach: the built-in database is empty). */
async function attachAgentFile(): Promise<void> {
  const listed = await server().desk<{ databases: { id: string }[] }>('GET', '/desk/databases');
  if (listed.databases.some((d) => d.id === 'agent')) return;
  const file = path.join(server().dataDir, 'agent.db');
  buildAgnoDb(file, makeDemoSessions());
  await server().desk('POST', '/desk/databases', { id: 'agent', path: file, read_only: true });
}

describe('Given a list that names no database, read from the attached file while the built-in database is empty', () => {
  it('When sample data is loaded, Then it appears as its own database demo and the list keeps reading the file, with no switch', async () => {
    await attachAgentFile();
    renderApp('/sessions');
    expect((await screen.findByTestId('answering-db')).textContent).toContain('agent');

    await server().desk('POST', '/desk/sample-data');
    // The header's picker lists demo once the page has seen the new database list.
    await screen.findByRole('option', { name: /^demo · 5 sessions/ });
    expect(screen.getByTestId('answering-db').textContent).toContain('agent');
    expect(screen.queryByTestId('answering-switch')).toBeNull();
  });

  it('When the built-in database is pinned elsewhere (another window, the settings file), Then the list says it now reads the built-in database and links back to the file', async () => {
    await attachAgentFile();
    // A session of its own in the built-in database (the file stays pinned), so its list is not the empty first-run page.
    const token = await server().mint({ sub: 'admin', scopes: ['platform:admin'] });
    const res = await fetch(`${server().baseUrl}/sessions/first/runs?type=agent&db_id=default`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ run_id: 'first-run', agent_id: 'a', status: 'COMPLETED', created_at: 1_771_086_857 }),
    });
    expect(res.status).toBe(201);
    renderApp('/sessions');
    expect((await screen.findByTestId('answering-db')).textContent).toContain('agent');
    expect(screen.queryByTestId('answering-switch')).toBeNull();

    const envelope = await server().desk<{ file_settings: Record<string, unknown> }>('GET', '/desk/settings');
    await server().desk('PUT', '/desk/settings', { ...envelope.file_settings, default_database: 'default' });
    const notice = await screen.findByTestId('answering-switch');
    expect(notice.textContent).toMatch(/now reads default, no longer agent/);
    expect(notice.textContent).toMatch(/built-in database was pinned/);
    expect(within(notice).getByRole('link', { name: 'Read agent' }).getAttribute('href')).toContain('db=agent');
    expect(screen.getByTestId('answering-db').textContent).toContain('default');
  });
});
