// @vitest-environment jsdom
/// <reference types="node" />
import { screen, within } from '@testing-library/react';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAgnoDb, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const server = useDeskServer();

describe('Given a list that names no database, read from the attached file while the built-in database is empty', () => {
  it('When the built-in database gets its first session, Then the list says it now reads the built-in database and links back to the file', async () => {
    const file = path.join(server().dataDir, 'agent.db');
    buildAgnoDb(file, makeDemoSessions());
    await server().desk('POST', '/desk/databases', { id: 'agent', path: file, read_only: true });
    renderApp('/sessions');
    expect((await screen.findByTestId('answering-db')).textContent).toContain('agent');
    expect(screen.queryByTestId('answering-switch')).toBeNull();

    await server().desk('POST', '/desk/sample-data');
    const notice = await screen.findByTestId('answering-switch', {}, { timeout: 10_000 });
    expect(notice.textContent).toMatch(/now reads default, no longer agent/);
    expect(notice.textContent).toMatch(/built-in database holds sessions now/);
    expect(within(notice).getByRole('link', { name: 'Read agent' }).getAttribute('href')).toContain('db=agent');
    expect(screen.getByTestId('answering-db').textContent).toContain('default');
  }, 30_000);
});
