import { expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { RunPage } from './pages/run.js';
import { SessionPage } from './pages/session.js';
import { SessionsPage } from './pages/sessions.js';

interface SampleResult {
  example_path: string;
  session_ids: string[];
}

interface ApiRun {
  run_id: string;
  messages?: { role?: string; tool_calls?: { function?: { name?: string; arguments?: string } }[] }[];
  metrics?: { input_tokens?: number; output_tokens?: number };
}

test.describe('run browser', () => {
  test('with settings that trust only a foreign identity provider, the run browser still lists and opens runs', async ({ page, server }) => {
    const app = new AppShell(page);
    const sessions = new SessionsPage(page);
    const session = new SessionPage(page);
    const run = new RunPage(page);
    const sample = await server.desk<SampleResult>('POST', '/desk/sample-data');
    const [, , sessionId, , runId] = sample.example_path.split('/');

    // A key set no rundesk key belongs to: every locally minted token is now a 401.
    const { generateKeyPair, exportJWK } = await import('jose');
    const { publicKey } = await generateKeyPair('RS256');
    const jwksPath = `${server.dataDir}/idp.jwks.json`;
    const fs = await import('node:fs');
    fs.writeFileSync(jwksPath, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] }));
    const current = await server.desk<{ file_settings: Record<string, unknown> }>('GET', '/desk/settings');
    await server.desk('PUT', '/desk/settings', { ...current.file_settings, auth: { jwks_file: jwksPath, authorization: true } });
    const local = await server.mint({ sub: 'dev', scopes: ['platform:admin'] });
    expect((await server.api('GET', `/sessions/${sessionId}/runs/${runId}?type=agent`, local)).status).toBe(401);

    await app.login(server.loginUrl);
    await expect(sessions.rows).toHaveCount(sample.session_ids.length);
    await sessions.openSession(sessionId!);
    await session.openRun(runId!);
    await expect(run.root).toBeVisible();
    await expect(run.messages.first()).toBeVisible();
  });

  test('a new user logs in, loads sample data and reads a run’s messages, tool calls and metrics', async ({ page, server }) => {
    const app = new AppShell(page);
    const sessions = new SessionsPage(page);
    const session = new SessionPage(page);
    const run = new RunPage(page);

    await app.login(server.loginUrl);
    await expect(app.actingAsCurrent).toHaveText(app.deskViewLabel);
    await expect(sessions.firstRun).toBeVisible();
    await screenshot(page, 'empty-state-light');
    await app.setTheme('dark');
    await screenshot(page, 'empty-state-dark');
    await app.setTheme('light');

    const sampleResponse = page.waitForResponse((r) => r.url().endsWith('/desk/sample-data') && r.request().method() === 'POST');
    await sessions.loadSampleData.click();
    const sample = (await (await sampleResponse).json()) as SampleResult;
    const [, , sessionId, , runId] = sample.example_path.split('/');
    expect(sessionId && runId).toBeTruthy();

    await expect(sessions.rows).toHaveCount(sample.session_ids.length);
    await expect(sessions.typeFilter('all')).toContainText(String(sample.session_ids.length));
    await screenshot(page, 'sessions-light');

    // What the API says about the run, to compare with what the page shows.
    const admin = await server.mint({ sub: 'e2e-admin', scopes: ['platform:admin'] });
    const { body } = await server.api('GET', `/sessions/${sessionId}/runs/${runId}?type=agent`, admin);
    const apiRun = body as ApiRun;
    const call = apiRun.messages?.flatMap((m) => m.tool_calls ?? [])[0];
    expect(call?.function?.arguments).toBeTruthy();

    await sessions.openSession(sessionId!);
    await expect(session.runs.first()).toBeVisible();
    await screenshot(page, 'session-light');
    await session.openRun(runId!);

    await expect(run.root).toBeVisible();
    await expect(run.messages).toHaveCount(apiRun.messages!.length);
    await expect(run.messages.first()).toHaveAttribute('data-role', apiRun.messages![0]!.role!);
    await expect(run.toolCalls.first()).toContainText(call!.function!.name!);
    const args = JSON.parse(call!.function!.arguments!) as Record<string, unknown>;
    for (const [k, v] of Object.entries(args)) {
      await expect(run.toolArgs.first()).toContainText(`"${k}"`);
      await expect(run.toolArgs.first()).toContainText(typeof v === 'string' ? v : JSON.stringify(v));
    }
    await expect(run.metric('input_tokens')).toContainText(apiRun.metrics!.input_tokens!.toLocaleString('en-US'));
    await expect(run.metric('output_tokens')).toContainText(String(apiRun.metrics!.output_tokens));
    await screenshot(page, 'run-light');
    await app.setTheme('dark');
    await screenshot(page, 'run-dark');

    // Back and forward keep their pages.
    await page.goBack();
    await expect(session.timeline).toBeVisible();
    await screenshot(page, 'session-dark');
    await page.goBack();
    await expect(sessions.table).toBeVisible();
    await screenshot(page, 'sessions-dark');
    await page.goForward();
    await expect(session.timeline).toBeVisible();
  });

  test('runs written while the list is open appear without a reload', async ({ page, server }) => {
    const app = new AppShell(page);
    const sessions = new SessionsPage(page);
    await app.login(server.loginUrl);
    await sessions.loadSampleData.click();
    await expect(sessions.table).toBeVisible();

    const admin = await server.mint({ sub: 'live-agent', scopes: ['platform:admin'] });
    const res = await server.api('POST', '/sessions/live-session-1/runs?type=agent', admin, {
      run_id: 'live-run-1',
      agent_id: 'live-agent',
      session_id: 'live-session-1',
      status: 'COMPLETED',
      input: { input_content: 'Written while you were looking' },
      content: 'Hello from a live agent',
      created_at: Math.floor(Date.now() / 1000),
      metrics: { input_tokens: 10, output_tokens: 5, total_tokens: 15, duration: 0.4 },
      messages: [
        { role: 'user', content: 'Written while you were looking' },
        { role: 'assistant', content: 'Hello from a live agent' },
      ],
    });
    expect(res.status).toBeLessThan(300);
    await expect(sessions.row('live-session-1')).toBeVisible();
  });

  test('keyboard: / focuses search, j/k walk the runs, ? lists the shortcuts', async ({ page, server }) => {
    const app = new AppShell(page);
    const sessions = new SessionsPage(page);
    const session = new SessionPage(page);
    await app.login(server.loginUrl);
    const sampleResponse = page.waitForResponse((r) => r.url().endsWith('/desk/sample-data'));
    await sessions.loadSampleData.click();
    const sample = (await (await sampleResponse).json()) as SampleResult;
    const sessionId = sample.example_path.split('/')[2]!;
    await expect(sessions.table).toBeVisible();

    await page.keyboard.press('/');
    await expect(sessions.search).toBeFocused();
    await page.keyboard.press('Escape');

    await sessions.openSession(sessionId);
    await expect(session.runs.first()).toBeVisible();
    const count = await session.runs.count();
    await page.keyboard.press('j');
    await expect(session.runs.nth(0)).toHaveAttribute('data-selected', 'true');
    if (count > 1) {
      await page.keyboard.press('j');
      await expect(session.runs.nth(1)).toHaveAttribute('data-selected', 'true');
      await page.keyboard.press('k');
      await expect(session.runs.nth(0)).toHaveAttribute('data-selected', 'true');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/runs\//);
    if (count > 1) {
      // j/k on a run page move among its siblings, which load after the run itself.
      await expect(new RunPage(page).nav).toBeVisible();
      const first = page.url();
      await page.keyboard.press('j');
      await expect(page).not.toHaveURL(first);
      await page.keyboard.press('k');
      await expect(page).toHaveURL(first);
    }

    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts')).toBeHidden();
  });
});

test.describe('composite runs', () => {
  test('a team run lists its member runs and a workflow run its steps; a URL with the wrong type is corrected', async ({ page, server }) => {
    const app = new AppShell(page);
    const run = new RunPage(page);
    const admin = await server.mint({ sub: 'e2e-admin', scopes: ['platform:admin'] });
    const at = Math.floor(Date.now() / 1000) - 60;
    const metrics = { input_tokens: 10, output_tokens: 5, total_tokens: 15, duration: 0.5 };
    const post = async (sessionId: string, type: 'team' | 'workflow', body: Record<string, unknown>) => {
      const res = await server.api('POST', `/sessions/${sessionId}/runs?type=${type}`, admin, { session_id: sessionId, status: 'COMPLETED', metrics, ...body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    };

    // A team session: two member runs, then the team run that delegated to them (Agno's order).
    const members = ['e2e-member-1', 'e2e-member-2'];
    for (const [i, runId] of members.entries()) {
      await post('e2e-team-session', 'team', {
        run_id: runId,
        agent_id: `member-${i + 1}`,
        agent_name: `Member ${i + 1}`,
        parent_run_id: 'e2e-team-run',
        created_at: at + 1 + i,
        input: { input_content: `Part ${i + 1}` },
        content: `Answer ${i + 1}`,
        messages: [{ role: 'user', content: `Part ${i + 1}` }, { role: 'assistant', content: `Answer ${i + 1}` }],
      });
    }
    await post('e2e-team-session', 'team', {
      run_id: 'e2e-team-run',
      team_id: 'e2e-team',
      team_name: 'E2E Team',
      created_at: at,
      input: { input_content: 'Split the work' },
      content: 'Both parts answered',
      messages: [{ role: 'user', content: 'Split the work' }, { role: 'assistant', content: 'Both parts answered' }],
    });

    // A workflow session: one run with three steps.
    const steps = ['step-a', 'step-b', 'step-c'].map((id, i) => ({
      run_id: `e2e-wf-${id}`,
      agent_id: `agent-${id}`,
      session_id: 'e2e-workflow-session',
      parent_run_id: 'e2e-workflow-run',
      workflow_step_id: id,
      content: `Step ${i + 1} done`,
      content_type: 'str',
      status: 'COMPLETED',
      created_at: at + i,
      metrics,
    }));
    await post('e2e-workflow-session', 'workflow', {
      run_id: 'e2e-workflow-run',
      workflow_id: 'e2e-workflow',
      workflow_name: 'E2E Workflow',
      created_at: at,
      input: { input_content: 'Run the steps' },
      content: 'Step 3 done',
      step_results: steps,
    });

    await app.login(server.loginUrl);

    // No `type` in the URL: the run endpoint answers the team run in its own shape and the page follows its kind.
    await page.goto(`${server.baseUrl}/ui/sessions/e2e-team-session/runs/e2e-team-run?tab=members`);
    await expect(page).toHaveURL(/type=team/);
    await expect(run.root).toBeVisible();
    await expect(page.getByTestId('member-run')).toHaveCount(members.length);

    await page.goto(`${server.baseUrl}/ui/sessions/e2e-workflow-session/runs/e2e-workflow-run?type=workflow`);
    await expect(run.root).toBeVisible();
    await expect(page.getByTestId('workflow-step')).toHaveCount(steps.length);
  });
});

test.describe('run content', () => {
  // A 1×1 PNG, as Agno stores image bytes: base64 text in `content`.
  const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  test('media, reasoning, references and the raw JSON of a run are shown', async ({ page, server }) => {
    const admin = await server.mint({ sub: 'media-agent', scopes: ['platform:admin'] });
    const res = await server.api('POST', '/sessions/media-session/runs?type=agent', admin, {
      run_id: 'media-run',
      agent_id: 'artist',
      session_id: 'media-session',
      status: 'COMPLETED',
      content: 'Here is **your** picture.',
      content_type: 'str',
      created_at: Math.floor(Date.now() / 1000),
      input: { input_content: 'Draw a dot', images: [{ id: 'in-1', content: PNG, mime_type: 'image/png', alt_text: 'input dot' }] },
      images: [{ id: 'out-1', content: PNG, format: 'png', revised_prompt: 'a single dot' }],
      files: [{ id: 'f-1', url: 'https://example.com/report.pdf', mime_type: 'application/pdf', filename: 'report.pdf' }],
      reasoning_steps: [{ title: 'Plan the dot', reasoning: 'One pixel is enough.', action: 'draw', result: 'done', next_action: 'final_answer', confidence: 0.9 }],
      reasoning_content: '## Plan the dot\nOne pixel is enough.',
      references: [{ query: 'dot art', references: [{ title: 'Pointillism' }], time: 0.1 }],
      citations: { urls: [{ url: 'https://example.com/pointillism', title: 'Pointillism' }] },
      metrics: { input_tokens: 5, output_tokens: 7, total_tokens: 12, duration: 0.5 },
      messages: [
        { role: 'user', content: 'Draw a dot' },
        { role: 'assistant', content: 'Here is **your** picture.' },
      ],
    });
    expect(res.status).toBeLessThan(300);

    const app = new AppShell(page);
    const run = new RunPage(page);
    await app.login(server.loginUrl);
    await page.goto(`${server.baseUrl}/ui/sessions/media-session/runs/media-run?type=agent`);
    await expect(run.root).toBeVisible();

    await expect(page.locator('img[alt="input dot"]')).toBeVisible();
    await expect(page.locator('figure[data-kind="image"] img[src^="data:image/png;base64,"]')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', 'https://example.com/report.pdf');
    await expect(run.output.locator('strong')).toHaveText('your');

    await run.tab('reasoning').click();
    await expect(page.getByTestId('reasoning')).toContainText('Plan the dot');
    await run.tab('references').click();
    await expect(page.getByTestId('references')).toContainText('dot art');
    await expect(page.getByRole('link', { name: 'Pointillism' })).toHaveAttribute('href', 'https://example.com/pointillism');
    await run.tab('raw').click();
    await expect(page.getByTestId('raw-json')).toContainText('"run_id": "media-run"');
    await expect(page).toHaveURL(/tab=raw/);
  });
});
