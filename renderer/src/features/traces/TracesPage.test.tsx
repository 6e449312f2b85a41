// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addToken, setCurrent } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

let sessionsOnly = '';
/** More traces than one page holds, all newer than the fixture's and of one span: the fixture's are on page 2 by start. */
const EXTRA = 120;
function addSmallTraces(file: string): void {
  const db = new Database(file);
  const trace = db.prepare(
    `INSERT INTO agno_traces (trace_id, name, status, start_time, end_time, duration_ms, run_id, session_id, user_id, agent_id, team_id, workflow_id, created_at)
     VALUES (?, 'Pinger.arun', 'OK', ?, ?, 10, NULL, NULL, 'perf', 'pinger', NULL, NULL, ?)`,
  );
  const span = db.prepare(
    `INSERT INTO agno_spans (span_id, trace_id, parent_span_id, name, span_kind, status_code, status_message, start_time, end_time, duration_ms, attributes, created_at)
     VALUES (?, ?, NULL, 'Pinger.arun', 'INTERNAL', 'OK', NULL, ?, ?, 10, '{}', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < EXTRA; i++) {
      const id = `ping${String(i).padStart(28, '0')}`;
      const start = new Date(Date.UTC(2026, 5, 1, 0, 0, i)).toISOString().replace('Z', '+00:00');
      const end = new Date(Date.UTC(2026, 5, 1, 0, 0, i, 10)).toISOString().replace('Z', '+00:00');
      trace.run(id, start, end, end);
      span.run(`p${String(i).padStart(15, '0')}`, id, start, end, end);
    }
  })();
  db.close();
}

useDeskServer({ auth: { authorization: true } }, async (server) => {
  await attachObservabilityDb(server, addSmallTraces);
  sessionsOnly = await server.mint({ sub: 'reader', scopes: ['sessions:read'] });
});

describe('traces list', () => {
  it('filters to the error traces and opens one, with links to its run and session', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(`/traces?db=${OBS.db}`);
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(100));
    await user.click(screen.getByRole('radio', { name: 'Errors' }));
    expect(router.state.location.search).toContain('status=ERROR');
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(3));
    expect(screen.getAllByTestId('trace-row').every((r) => r.getAttribute('data-status') === 'ERROR')).toBe(true);

    await user.click(within(screen.getAllByTestId('trace-row')[0]!).getByTestId('trace-link'));
    const page = await screen.findByTestId('trace-page');
    expect(within(page).getByTestId('trace-run-link').getAttribute('href')).toMatch(/\/sessions\/.+\/runs\/.+db=obs/);
    expect(within(page).getByTestId('trace-session-link')).toBeTruthy();
    expect(await screen.findByTestId('span-error')).toBeTruthy();
  });

  it('sorts every trace by spans, not just the page shown', async () => {
    const user = userEvent.setup();
    renderApp(`/traces?db=${OBS.db}`);
    await waitFor(() => expect(screen.getAllByTestId('trace-row')).toHaveLength(100));
    expect(screen.getByTestId('traces-count').textContent).toContain(`of ${19 + EXTRA}`);
    await user.click(screen.getByTestId('sort-spans'));
    // The fixture's traces (up to 11 spans) were all on page 2 by start; sorted, they lead page 1 (column 6: after Compare, status, trace, start, duration).
    await waitFor(() => expect(Number(screen.getAllByTestId('trace-row')[0]!.querySelectorAll('td')[5]!.textContent)).toBe(11));
    const spans = screen.getAllByTestId('trace-row').map((r) => Number(r.querySelectorAll('td')[5]!.textContent));
    expect([...spans].sort((a, b) => b - a)).toEqual(spans);
  });

  it('bounds the duration over every trace: the count is of all that match', async () => {
    renderApp(`/traces?db=${OBS.db}&min_s=20`);
    await waitFor(() => expect(screen.getByTestId('traces-count').textContent).toMatch(/^(\d+) of \1 traces$/));
    const rows = screen.getAllByTestId('trace-row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(19);
  });

  it('through a token without traces:read, says why the platform refused it', async () => {
    setCurrent(addToken({ label: 'sessions reader', token: sessionsOnly, source: 'minted' }).id);
    renderApp(`/traces?db=${OBS.db}`);
    const explain = await screen.findByTestId('auth-explain');
    expect(explain.getAttribute('data-status')).toBe('403');
    expect(within(explain).getByTestId('lens-note').textContent).toContain('sessions reader');
    await waitFor(() => expect(explain.textContent).toContain('traces:read'));
  });
});
