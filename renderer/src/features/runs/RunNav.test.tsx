// @vitest-environment jsdom
/// <reference types="node" />
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeLargeAgentSession } from '../../../../bench/data';
import { buildAgnoDb, DEMO, makeDemoSessions } from '../../../../server/testing/agno-builder';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

const RUNS = 150;
const long = makeLargeAgentSession(RUNS);
const sessionId = long.session.session_id;

const server = useDeskServer({}, async (s) => {
  const file = path.join(s.dataDir, 'long.db');
  buildAgnoDb(file, [long.session, ...makeDemoSessions()]);
  await s.desk('POST', '/desk/databases', { id: 'long', path: file, read_only: true });
});

/** Every URL the page asked for, to prove it never fetches a session's whole run list. */
let asked: string[] = [];
beforeAll(() => {
  const deskFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return deskFetch(input, init);
  };
});
afterEach(() => {
  asked = [];
});

const runUrl = (runId: string, type = 'agent') => `/sessions/${sessionId}/runs/${runId}?type=${type}&db=long`;
/** The run a nav link leads to; `null` when it is disabled (first or last run). */
const runIdOfLink = (link: HTMLElement) =>
  link.getAttribute('aria-disabled') === 'true' ? null : decodeURIComponent(link.getAttribute('href')!.split('/runs/')[1]!.split('?')[0]!);

async function navOf(runId: string) {
  await waitFor(() => expect(screen.getByTestId('run-page').getAttribute('data-run-id')).toBe(runId));
  const nav = await screen.findByTestId('run-nav');
  await waitFor(() => expect(nav.textContent).toMatch(/\d+ \/ [\d,]+/));
  const links = within(nav).getAllByRole('link');
  return { text: nav.textContent ?? '', prev: runIdOfLink(links[0]!), next: runIdOfLink(links[1]!) };
}

/** Whether a request read a session's runs without `around` or `parent_run_id` (the whole list). */
const wholeList = (url: string) => /\/sessions\/[^/]+\/runs(\?|$)/.test(url) && !/[?&](around|parent_run_id)=/.test(url);

describe('the run page of a long session', () => {
  it('knows its neighbours and its position at every place of the session, from a window around the run', async () => {
    for (const i of [0, 1, 29, 30, 59, 60, 61, 120, RUNS - 2, RUNS - 1]) {
      const { unmount } = renderApp(runUrl(long.runIds[i]!));
      const nav = await navOf(long.runIds[i]!);
      expect(nav.text, `run ${i}`).toContain(`${i + 1} / ${RUNS}`);
      expect(nav.prev, `run ${i}`).toBe(i > 0 ? long.runIds[i - 1] : null);
      expect(nav.next, `run ${i}`).toBe(i < RUNS - 1 ? long.runIds[i + 1] : null);
      unmount();
    }
    expect(asked.filter(wholeList)).toEqual([]);
    expect(asked.some((u) => u.includes('around='))).toBe(true);
  });

  it('j and k walk past the edge of the window the page loaded first', async () => {
    const user = userEvent.setup();
    // The first run's window holds runs 0–59; run 59 is its last, and run 60 lies outside it.
    const { router } = renderApp(runUrl(long.runIds[0]!));
    expect((await navOf(long.runIds[0]!)).next).toBe(long.runIds[1]);
    await router.navigate(runUrl(long.runIds[59]!));
    await waitFor(async () => expect((await navOf(long.runIds[59]!)).next).toBe(long.runIds[60]));
    await user.keyboard('j');
    expect((await navOf(long.runIds[60]!)).text).toContain(`61 / ${RUNS}`);
    await user.keyboard('k');
    await user.keyboard('k');
    expect((await navOf(long.runIds[58]!)).text).toContain(`59 / ${RUNS}`);
    expect(asked.filter(wholeList)).toEqual([]);
  });

  it('a team run lists its member runs, read as the run’s children', async () => {
    const team = (await server().desk<Array<{ run_id: string; parent_run_id?: string | null }>>('GET', `/desk/view/sessions/${DEMO.teamStored}/runs?type=team&db_id=long&summary=true`));
    const teamRun = team.find((r) => !r.parent_run_id && team.some((m) => m.parent_run_id === r.run_id))!;
    const members = team.filter((r) => r.parent_run_id === teamRun.run_id);
    renderApp(`/sessions/${DEMO.teamStored}/runs/${teamRun.run_id}?type=team&db=long&tab=members`);
    await waitFor(() => expect(screen.getAllByTestId('member-run')).toHaveLength(members.length));
    expect(asked.some((u) => u.includes(`parent_run_id=${teamRun.run_id}`))).toBe(true);
    expect(asked.filter(wholeList)).toEqual([]);
  });
});
