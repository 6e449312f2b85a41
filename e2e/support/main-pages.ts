import { expect, type Page } from '@playwright/test';
import type { RundeskServer } from '../fixtures.js';
import { attachObservability, OBS } from './observability.js';

/** One main page of the UI: where it is and what shows once it has loaded its data. */
export interface MainPage {
  name: string;
  path: string;
  ready(page: Page): Promise<void>;
}

const TRACE = '0d96d617548468f54d24862d950ae64b';
const EVAL = '16969520-3d02-49f9-8d1e-3df8f26b3ae2';

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible();
};

/**
 * Every page reachable from the header, plus one of each detail page, over Agno's observability
 * database attached as `obs` (so each page has content: sessions, a team run, traces, memories,
 * evals, metrics) and the built-in database's sample data.
 */
export const MAIN_PAGES: MainPage[] = [
  { name: 'sessions', path: '/ui/sessions?db=obs', ready: visible('session-row') },
  { name: 'session', path: `/ui/sessions/${OBS.teamSession}?db=obs&type=team`, ready: visible('timeline-run') },
  { name: 'run', path: `/ui/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=obs`, ready: visible('run-input') },
  { name: 'traces', path: '/ui/traces?db=obs', ready: visible('trace-row') },
  { name: 'trace', path: `/ui/traces/${TRACE}?db=obs`, ready: visible('span-row') },
  { name: 'trace-compare', path: `/ui/traces/compare?db=obs&a=${TRACE}&b=b917174598b6d5d11fad9cadb541dd27`, ready: visible('compare-table') },
  { name: 'memories', path: '/ui/memories?db=obs', ready: visible('memory-user') },
  { name: 'knowledge', path: '/ui/knowledge?db=obs', ready: visible('knowledge-row') },
  { name: 'evals', path: '/ui/evals?db=obs', ready: visible('eval-row') },
  { name: 'eval', path: `/ui/evals/${EVAL}?db=obs`, ready: visible('eval-headline') },
  { name: 'metrics', path: '/ui/metrics?db=obs', ready: visible('tokens-table') },
  { name: 'tokens-mint', path: '/ui/tokens?tab=mint', ready: visible('tokens-page') },
  { name: 'tokens-inspect', path: '/ui/tokens?tab=inspect', ready: visible('inspect-token') },
  { name: 'tokens-compare', path: '/ui/tokens?tab=compare', ready: visible('compare-token-0') },
  { name: 'settings', path: '/ui/settings', ready: visible('settings-page') },
  { name: 'databases', path: '/ui/databases', ready: visible('databases-page') },
  { name: 'requests', path: '/ui/requests', ready: visible('requests-page') },
  { name: 'run-composer', path: '/ui/run', ready: visible('run-composer') },
];

/** Gives the server data for every main page. */
export async function seedMainPages(server: RundeskServer): Promise<void> {
  await attachObservability(server);
  await server.desk('POST', '/desk/sample-data');
}
