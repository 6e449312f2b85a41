// @vitest-environment jsdom
/// <reference types="node" />
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAgnoDb, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer();

describe('databases page', () => {
  it('a file that is not there gets the server’s message beside the path; nothing is attached', async () => {
    const user = userEvent.setup();
    renderApp('/databases');
    await user.type(await screen.findByTestId('attach-path'), path.join(server().dataDir, 'missing.db'));
    await user.click(screen.getByTestId('attach-submit'));
    const issue = await screen.findByTestId('issue-path');
    expect(issue.textContent).toMatch(/missing\.db|not found|does not exist|no such/i);
    const { databases } = await server().desk<{ databases: { id: string }[] }>('GET', '/desk/databases');
    expect(databases.map((d) => d.id)).toEqual(['default']);
  });

  it('an Agno file is attached and listed with its counts', async () => {
    const user = userEvent.setup();
    const file = path.join(server().dataDir, 'team-agents.db');
    buildAgnoDb(file, makeDemoSessions());
    renderApp('/databases');
    await user.type(await screen.findByTestId('attach-path'), file);
    await user.click(screen.getByTestId('attach-submit'));
    const row = await screen.findByTestId('db-row-team-agents');
    await waitFor(() => expect(row.querySelector('[data-testid=db-sessions]')?.textContent).toBe(String(makeDemoSessions().length)));
  });

  it('an Agno 3 file upgraded from 2 shows its layout, and where agno_schema_versions disagrees with it', async () => {
    const file = path.join(server().dataDir, 'upgraded.db');
    buildAgnoDb(file, makeDemoSessions(), { layout: '3.x-upgraded' });
    await server().desk('POST', '/desk/databases', { id: 'upgraded', path: file, read_only: true });
    renderApp('/databases');
    const layout = await screen.findByTestId('db-layout-upgraded-agno_sessions');
    expect(layout.textContent).toContain('Agno 3, upgraded from 2');
    const { databases } = await server().desk<{ databases: { id: string; layouts: { version_agrees: boolean }[] }[] }>('GET', '/desk/databases');
    const agrees = databases.find((d) => d.id === 'upgraded')?.layouts[0]?.version_agrees;
    expect(layout.textContent?.includes('version row disagrees')).toBe(agrees === false);
  });

  it('the memory the caches hold is shown against the budget', async () => {
    renderApp('/databases');
    const line = await screen.findByTestId('cache-memory');
    expect(line.textContent).toMatch(/hold [\d.]+ MB of 256 MB/);
    expect(line.textContent).toMatch(/stays under [\d.]+ MB of memory/);
  });
});
