import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildAgnoDb, makeAgentRun, makeTeamRun, makeTeamSession, stableUuid, teamRunId } from '../server/testing/agno-builder.js';
import { artifactPath, expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { RunPage } from './pages/run.js';
import { SessionPage } from './pages/session.js';
import { SessionsPage } from './pages/sessions.js';
import { DatabasesPageModel, SettingsPageModel, TokensPageModel } from './pages/workbench.js';

/** A screenshot with transitions finished (theme switches animate colours). */
async function shot(page: Page, file: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
}

// ------------------------------------------------------------------------------------------

/**
 * Files the test hands to the server (a JWKS, an SQLite database) live in their own temp dir:
 * Playwright's output dir is shared with concurrent runs, which clear it when they start.
 */
let scratch: string | null = null;
function scratchFile(...parts: string[]): string {
  scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-wb-e2e-'));
  const file = path.join(scratch, ...parts);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
test.afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

test.describe('workbench', () => {
  test('a token from an identity provider that puts scopes in "permissions" is allowed once its JWKS is imported and the Auth0 preset applied', async ({ page, server }) => {
    // A test identity provider: its key pair, its published JWKS file, and one of its tokens.
    const presets = await server.desk<{ presets: { name: string; settings_patch: { audience?: string } }[] }>('GET', '/desk/presets');
    const auth0Audience = presets.presets.find((p) => p.name === 'auth0')?.settings_patch.audience;
    expect(auth0Audience).toBeTruthy();
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = 'test-idp-2026-04';
    const jwksFile = scratchFile('idp', 'jwks.json');
    fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }));
    const idpToken = await new SignJWT({ permissions: ['sessions:read', 'agents:read'], scope: 'openid profile', azp: 'e2e-client' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer('https://test-idp.example.com/')
      .setSubject('auth0|alice')
      .setAudience([auth0Audience!, 'https://test-idp.example.com/userinfo'])
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

    const app = new AppShell(page);
    const settings = new SettingsPageModel(page);
    const tokens = new TokensPageModel(page);
    await app.login(server.loginUrl);
    await app.setTheme('dark');
    await settings.open();

    await settings.importKeyFile(jwksFile);
    await expect(settings.keyRow(kid)).toContainText('trusted');

    await settings.applyPreset('auth0');
    await expect(settings.field('scopes_claim')).toHaveValue('permissions');
    await expect(settings.field('algorithm')).toHaveValue('RS256');
    await shot(page, artifactPath('screenshots', 'workbench-settings-dark.png'));
    await settings.save.click();
    await expect(settings.saved).toBeVisible();
    await shot(page, artifactPath('screenshots', 'workbench-settings-full-dark.png'), true);

    // The platform API agrees with what the inspector is about to show.
    expect((await server.api('GET', '/sessions', idpToken)).status).toBe(200);
    expect((await server.api('DELETE', '/sessions/some-session', idpToken)).status).toBe(403);

    await tokens.open('inspect');
    await tokens.inspectToken.fill(idpToken);
    await tokens.inspectPath.fill('/sessions/some-session/runs/some-run');
    await expect(tokens.status).toHaveAttribute('data-status', '200');
    await expect(tokens.verdict).toContainText('Allowed');
    await expect(tokens.key).toContainText(kid);
    await expect(tokens.required.locator('[data-state="held"]')).toHaveText(['sessions:read']);
    await expect(tokens.state).toContainText('auth0|alice');
    await expect(tokens.matrixRow('GET', '/sessions/{session_id}/runs/{run_id}')).toHaveAttribute('data-allowed', 'true');
    await expect(tokens.matrixRow('DELETE', '/sessions/{session_id}')).toHaveAttribute('data-allowed', 'false');
    await expect(tokens.matrixRow('DELETE', '/sessions/{session_id}')).toContainText('sessions:delete');
    await app.setTheme('light');
    await shot(page, artifactPath('screenshots', 'workbench-inspector-light.png'));
    await shot(page, artifactPath('screenshots', 'workbench-inspector-full-light.png'), true);
  });

  test('a bad setting shows the server\'s message beside the field as typed, and nothing is written until fixed', async ({ page, server }) => {
    const app = new AppShell(page);
    const settings = new SettingsPageModel(page);
    const settingsFile = path.join(server.dataDir, 'settings.json');
    const fileBefore = fs.readFileSync(settingsFile, 'utf8');
    await app.login(server.loginUrl);
    await settings.open();

    await settings.field('algorithm').fill('XYZ256');
    await settings.field('scopes_claim').fill('');

    // Without pressing Save, the server's dry run puts its messages beside the fields (the form checks nothing itself).
    await expect(settings.issue('algorithm')).toHaveAttribute('data-source', 'server');
    await expect(settings.issue('algorithm')).toContainText('Invalid option: expected one of "RS256"');
    await expect(settings.issue('scopes_claim')).toHaveAttribute('data-source', 'server');
    await expect(settings.issue('scopes_claim')).toContainText('must not be empty');
    await expect(settings.serverIssues).toBeVisible();
    await expect(settings.saved).toBeHidden();
    await settings.field('algorithm').scrollIntoViewIfNeeded();
    await shot(page, artifactPath('screenshots', 'workbench-settings-issues-light.png'));

    // A dry run writes nothing and changes nothing live.
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(fileBefore);
    const live = await server.desk<{ settings: { auth: { algorithm: string; scopes_claim: string } } }>('GET', '/desk/settings');
    expect(live.settings.auth).toMatchObject({ algorithm: 'RS256', scopes_claim: 'scopes' });

    // Save is still refused by the real PUT, with the same messages; still nothing written.
    await settings.save.click();
    await expect(settings.issue('algorithm')).toHaveAttribute('data-source', 'server');
    await expect(settings.issue('algorithm')).toContainText('Invalid option');
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(fileBefore);

    // Fixing the values retires the messages as typed; a valid value saves.
    await settings.field('algorithm').fill('RS256');
    await expect(settings.issue('algorithm')).toBeHidden();
    await settings.field('scopes_claim').fill('scp');
    await expect(settings.issue('scopes_claim')).toBeHidden();
    await expect(settings.serverIssues).toBeHidden();
    expect(fs.readFileSync(settingsFile, 'utf8')).toBe(fileBefore);
    await settings.save.click();
    await expect(settings.saved).toBeVisible();
    const saved = await server.desk<{ settings: { auth: { scopes_claim: string } } }>('GET', '/desk/settings');
    expect(saved.settings.auth.scopes_claim).toBe('scp');
    expect(fs.readFileSync(settingsFile, 'utf8')).not.toBe(fileBefore);
  });

  test('an attached Agno database is listed with its counts and its team runs can be browsed', async ({ page, server }) => {
    const sessionId = stableUuid('e2e:workbench:team');
    const seed = 'e2e:workbench:team:0';
    const t = 1_775_300_000;
    const member = makeAgentRun({
      seed: `${seed}:member`,
      sessionId,
      userId: 'ada',
      agentId: 'fact-checker',
      agentName: 'Fact Checker',
      parentRunId: teamRunId(seed),
      createdAt: t + 2,
      input: 'Check the launch date of the James Webb telescope.',
      content: 'It launched on 25 December 2021.',
    });
    const team = makeTeamRun({
      seed,
      sessionId,
      teamId: 'newsroom',
      teamName: 'Newsroom',
      userId: 'ada',
      createdAt: t,
      input: 'When did JWST launch? Verify it.',
      content: 'JWST launched on 25 December 2021 (verified by the fact checker).',
      members: [member],
      storeMemberResponses: true,
    });
    const file = scratchFile('agents', 'newsroom.db');
    buildAgnoDb(file, [makeTeamSession({ sessionId, userId: 'ada', teamId: 'newsroom', teamName: 'Newsroom', sessionName: 'JWST launch date', runs: [member, team] })]);

    const app = new AppShell(page);
    const dbs = new DatabasesPageModel(page);
    const sessions = new SessionsPage(page);
    const session = new SessionPage(page);
    const run = new RunPage(page);
    await app.login(server.loginUrl);
    await dbs.open();

    // A path that is not there: the server's message, beside the field.
    await dbs.attach(path.join(path.dirname(file), 'missing.db'));
    await expect(page.getByTestId('issue-path')).toContainText('no such file');

    await dbs.attach(file, 'newsroom');
    await expect(dbs.row('newsroom')).toBeVisible();
    await expect(dbs.row('newsroom').getByTestId('db-sessions')).toHaveText('1');
    await expect(dbs.row('newsroom').getByTestId('db-runs')).toHaveText('2');
    await expect(dbs.row('newsroom')).toContainText('agno_sessions');
    await expect(dbs.row('newsroom')).toContainText('read-only');
    await shot(page, artifactPath('screenshots', 'workbench-databases-light.png'));
    await app.setTheme('dark');
    await shot(page, artifactPath('screenshots', 'workbench-databases-dark.png'));

    await page.getByTestId('browse-newsroom').click();
    await expect(page).toHaveURL(/\/ui\/sessions\?db=newsroom/);
    await expect(sessions.row(sessionId)).toBeVisible();
    await sessions.openSession(sessionId);
    await session.openRun(String(team['run_id']));
    await expect(run.root).toBeVisible();
    await expect(run.root).toContainText('JWST launched on 25 December 2021');
  });

  test('a minted token can be acted as, and under user isolation the same request compares per user', async ({ page, server }) => {
    await server.desk('POST', '/desk/sample-data', {});
    const current = await server.desk<{ file_settings: { auth?: Record<string, unknown> } & Record<string, unknown> }>('GET', '/desk/settings');
    await server.desk('PUT', '/desk/settings', { ...current.file_settings, auth: { ...(current.file_settings.auth ?? {}), authorization: true, user_isolation: true } });
    const read = ['sessions:read'];
    const people = [
      { label: 'user A', token: await server.mint({ sub: 'demo-user', scopes: read }) },
      { label: 'user B', token: await server.mint({ sub: 'other-user', scopes: read }) },
      { label: 'admin', token: await server.mint({ sub: 'root', scopes: ['platform:admin'] }) },
    ];
    const totals = await Promise.all(
      people.map(async (p) => ((await server.api('GET', '/sessions', p.token)).body as { meta: { total_count: number } }).meta.total_count),
    );
    // Each user sees only their own sessions; the admin sees every one.
    expect(totals[0]).toBeGreaterThan(0);
    expect(totals[0]).toBeLessThan(totals[2]!);
    expect(totals[1]).toBeLessThan(totals[2]!);

    const app = new AppShell(page);
    const tokens = new TokensPageModel(page);
    await app.login(server.loginUrl);
    await tokens.open('mint');
    await page.getByTestId('mint-sub').fill('demo-user');
    await page.getByTestId('mint-submit').click();
    await expect(page.getByTestId('minted-token')).toBeVisible();
    await expect(page.getByTestId('minted-claims')).toContainText('"sub": "demo-user"');
    await expect(page.getByTestId('mint-preview')).toContainText('200');
    await page.getByTestId('act-as').click();
    await expect(app.actingAsCurrent).toHaveText('demo-user · minted');
    await page.getByRole('heading', { name: 'Token workshop' }).scrollIntoViewIfNeeded();
    await shot(page, artifactPath('screenshots', 'workbench-mint-light.png'));

    await page.getByTestId('tab-compare').click();
    await page.getByRole('button', { name: '+ Column' }).click();
    for (const [i, p] of people.entries()) {
      await page.getByLabel(`Label of column ${i + 1}`).fill(p.label);
      await tokens.compareToken(i).fill(p.token);
    }
    await page.getByTestId('compare-path').fill('/sessions');
    await page.getByTestId('compare-run').click();
    for (const [i, total] of totals.entries()) {
      await expect(tokens.compareResult(i)).toHaveAttribute('data-status', '200');
      await expect(tokens.compareResult(i)).toContainText(`"total_count": ${total}`);
    }
    await expect(tokens.compareResult(0)).toContainText('"user_id": "demo-user"');
    await expect(tokens.compareResult(0)).not.toContainText('"user_id": "other-user"');
    await expect(tokens.compareResult(1)).not.toContainText('"user_id": "demo-user"');
    await app.setTheme('dark');
    await shot(page, artifactPath('screenshots', 'workbench-compare-dark.png'));
  });

  test("a provider preset's offline fixture verifies its own sample tokens once applied", async ({ page, server }) => {
    const app = new AppShell(page);
    const settings = new SettingsPageModel(page);
    const tokens = new TokensPageModel(page);
    await app.login(server.loginUrl);
    await settings.open();

    await page.getByTestId('fixture-preset-keycloak').click();
    await expect(page.getByTestId('fixture-token-reader')).toBeVisible();
    await page.getByTestId('fixture-use').click();
    await expect(settings.field('scopes_claim')).toHaveValue('realm_access.roles');
    await settings.save.click();
    await expect(settings.saved).toBeVisible();

    // The reader sample, handed to the inspector (through history state, not the URL).
    await page.getByTestId('fixture-token-reader').getByRole('button', { name: 'Inspect' }).click();
    await expect(tokens.root).toBeVisible();
    await expect(page).not.toHaveURL(/eyJ/);
    await expect(tokens.status).toHaveAttribute('data-status', '200');
    await expect(tokens.state).toContainText('sessions:read');
  });
});
