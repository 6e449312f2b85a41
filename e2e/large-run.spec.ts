import fs from 'node:fs';
import { artifactPath, expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { RunPage } from './pages/run.js';
import { bigRun } from './support/big-run.js';
import { idleFps } from './support/idle-fps.js';
import type { PageGlobals } from './support/page-globals.js';

const MESSAGES = 2000;

// Trace recording (screencast + DOM snapshots) would dominate the frame times measured here.
test.use({ trace: 'off' });

test('a run with 2,000 messages renders quickly and scrolls smoothly (virtualized)', async ({ page, server }) => {
  const admin = await server.mint({ sub: 'perf-admin', scopes: ['platform:admin'] });
  const run = bigRun(MESSAGES);
  expect(run.messages).toHaveLength(MESSAGES);
  const ingest = await server.api('POST', '/sessions/big-session/runs?type=agent', admin, run);
  expect(ingest.status).toBeLessThan(300);

  const app = new AppShell(page);
  const runPage = new RunPage(page);
  await app.login(server.loginUrl);

  // Full page load straight onto the run URL; time to the first rendered message.
  await page.goto(`${server.baseUrl}/ui/sessions/big-session/runs/big-run-1?type=agent`);
  const firstRenderMs = await (
    await page.waitForFunction(
      () => {
        const g = globalThis as unknown as PageGlobals;
        return g.document.querySelector('[data-testid="message"]') ? g.performance.now() : 0;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
  ).jsonValue();
  await expect(runPage.messageList).toHaveAttribute('data-count', String(MESSAGES));
  await expect(runPage.tab('conversation')).toContainText(String(MESSAGES).replace(/\B(?=(\d{3})+(?!\d))/g, ','));

  // Two scripted scrolls, frame times from requestAnimationFrame:
  //  - steady: a fast wheel/trackpad scroll (3,000 px/s for 3 s), rows mostly reused;
  //  - fling: the whole list, top to bottom in 3 s (every frame mounts fresh rows);
  //  - flingBack: bottom to top again (every frame remounts rows seen before).
  const measure = (mode: 'steady' | 'fling' | 'flingBack') =>
    page.evaluate(async (m) => {
      const g = globalThis as unknown as PageGlobals;
      const el = g.document.querySelector('[data-testid="message-list"]')!;
      const frames: number[] = [];
      let maxRendered = 0;
      const from = el.scrollTop;
      const durationMs = 3000;
      const start = g.performance.now();
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          frames.push(now);
          const t = Math.min(1, (now - start) / durationMs);
          const end = el.scrollHeight - el.clientHeight;
          el.scrollTop = m === 'steady' ? from + t * 9000 : m === 'fling' ? t * end : (1 - t) * end;
          maxRendered = Math.max(maxRendered, el.querySelectorAll('[data-testid="message"]').length);
          if (t < 1) g.requestAnimationFrame(step);
          else resolve();
        };
        g.requestAnimationFrame(step);
      });
      const deltas = frames.slice(1).map((f, i) => f - frames[i]!);
      const sorted = [...deltas].sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      const total = frames[frames.length - 1]! - frames[0]!;
      const r1 = (x: number) => Math.round(x * 10) / 10;
      return {
        frames: frames.length,
        durationMs: Math.round(total),
        pixels: Math.round(Math.abs(el.scrollTop - from)),
        avgFps: r1((deltas.length / total) * 1000),
        medianFrameMs: r1(pct(0.5)),
        p95FrameMs: r1(pct(0.95)),
        maxFrameMs: r1(Math.max(...deltas)),
        longFrames: deltas.filter((d) => d > 50).length,
        maxRenderedMessages: maxRendered,
      };
    }, mode);

  const idle = await idleFps(page);
  const steady = await measure('steady');
  const fling = await measure('fling');
  const flingBack = await measure('flingBack');
  // Row heights are measured as they render, so the end moves; keep scrolling until it is reached.
  await expect
    .poll(() =>
      page.evaluate((last) => {
        const el = (globalThis as unknown as PageGlobals).document.querySelector('[data-testid="message-list"]')!;
        el.scrollTop = el.scrollHeight;
        return !!el.querySelector(`[data-testid="message"][data-index="${last}"]`);
      }, MESSAGES - 1),
    )
    .toBe(true);
  await expect(runPage.message(MESSAGES - 1)).toBeVisible();
  const scroll = { idleFps: idle, steady, fling, flingBack };

  const perf = { messages: MESSAGES, firstRenderMs: Math.round(firstRenderMs), scroll, measuredAt: new Date().toISOString() };
  fs.writeFileSync(artifactPath('perf.json'), `${JSON.stringify(perf, null, 2)}\n`);
  console.log(`2,000-message run: ${JSON.stringify(perf)}`);

  // Behaviour only: the list reached the last message and stayed virtualized.
  expect(Math.max(steady.maxRenderedMessages, fling.maxRenderedMessages, flingBack.maxRenderedMessages)).toBeLessThan(150);
  await screenshot(page, 'large-run-bottom');

  // A tool result links back to its call, which scrolls into view far up the list.
  await runPage.message(MESSAGES - 1).scrollIntoViewIfNeeded();
  const toolRow = page.locator('[data-testid="message"][data-role="tool"]').last();
  const callIndex = Number((await toolRow.getAttribute('data-index'))!) - 1;
  await toolRow.getByRole('button', { name: /call #/ }).click();
  await expect(runPage.message(callIndex)).toBeVisible();
});
