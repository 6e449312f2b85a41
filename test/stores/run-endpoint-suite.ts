import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import type { TestServer } from '../../server/testing/server-harness.js';

/**
 * One run-endpoint suite (the run endpoint and the session routes around it), run against every store
 * layout: the native default database, an attached Agno SQLite file, and an Agno PostgreSQL
 * table. Each layout's test file provides a server whose chosen database holds the demo
 * sessions; the suite never looks at how they are stored.
 */
export interface StoreFixture {
  t: TestServer;
  /** Query suffix that selects the database (`&db_id=…`), or '' for the answering one. */
  db: string;
  /** Whether the database takes writes (ingest, delete). */
  writable: boolean;
  close(): Promise<void>;
}

const demo = makeDemoSessions();
const withRuns = demo.filter((s) => (s.runs?.length ?? 0) > 0);

export function describeRunEndpoint(layout: string, open: () => Promise<StoreFixture>): void {
  describe(`the run endpoint over ${layout}`, () => {
    let f: StoreFixture;
    let token: string;
    beforeAll(async () => {
      f = await open();
      token = await f.t.token();
    });
    afterAll(async () => f?.close());
    const get = (p: string) => f.t.get(`${p}${p.includes('?') ? '&' : '?'}${f.db.replace(/^&/, '')}`, token);

    it('answers every stored run in the shape of its own kind, with or without type, as AgentOS', async () => {
      const has = (run: Record<string, unknown>, key: string) => run[key] !== undefined && run[key] !== null;
      for (const session of withRuns) {
        for (const run of session.runs ?? []) {
          const kind = has(run, 'workflow_id') ? 'workflow' : has(run, 'team_id') ? 'team' : 'agent';
          for (const query of [`?type=${session.session_type}`, '']) {
            const res = await get(`/sessions/${session.session_id}/runs/${String(run['run_id'])}${query}`);
            const label = `${session.session_type} ${kind} ${String(run['run_id'])}${query}`;
            expect(res.status, label).toBe(200);
            const body = await res.json();
            expect(body.run_id).toBe(run['run_id']);
            if (kind === 'team') expect(body, label).not.toHaveProperty('agent_id');
            if (kind === 'workflow') expect(body, label).not.toHaveProperty('messages');
            if (kind === 'agent') expect(body, label).toHaveProperty('agent_id');
            if (kind === 'agent') expect(body, label).not.toHaveProperty('team_id');
            expect(body.created_at === null || /Z$/.test(body.created_at)).toBe(true);
          }
        }
      }
    });

    it('says which kind of miss a 404 is, and never hides a run behind type', async () => {
      const multi = demo.find((s) => s.session_id === DEMO.agentMulti);
      const runId = String(multi?.runs?.[0]?.['run_id']);
      expect((await (await get('/sessions/nope/runs/r?type=agent')).json()).detail).toBe('Session with ID nope not found');
      expect((await (await get(`/sessions/${DEMO.agentMulti}/runs/nope?type=agent`)).json()).detail).toBe(
        `Run with ID nope not found in session ${DEMO.agentMulti}`,
      );
      const other = await get(`/sessions/${DEMO.agentMulti}/runs/${runId}?type=team`);
      expect(other.status).toBe(200);
      expect(await other.json()).toMatchObject({ run_id: runId });
      expect((await get(`/sessions/${DEMO.agentMulti}/runs/${runId}?type=robot`)).status).toBe(422);
    });

    it('honours the user_id filter', async () => {
      const owned = withRuns.find((s) => s.user_id);
      if (!owned) throw new Error('the demo set has no owned session');
      const runId = String(owned.runs?.[0]?.['run_id']);
      const type = owned.session_type;
      expect((await get(`/sessions/${owned.session_id}/runs/${runId}?type=${type}&user_id=${owned.user_id}`)).status).toBe(200);
      expect((await get(`/sessions/${owned.session_id}/runs/${runId}?type=${type}&user_id=someone-else`)).status).toBe(404);
    });

    it('lists the sessions, their runs and their details', async () => {
      const page = await (await get('/sessions?limit=100')).json();
      expect(page.meta.total_count).toBeGreaterThanOrEqual(withRuns.length);
      const multi = page.data.find((s: { session_id: string }) => s.session_id === DEMO.agentMulti);
      expect(multi.run_count).toBe(demo.find((s) => s.session_id === DEMO.agentMulti)?.runs?.length);
      expect(multi.session_name.length).toBeGreaterThan(0);
      const runs = await (await get(`/sessions/${DEMO.agentMulti}/runs?type=agent`)).json();
      expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual(multi && demo.find((s) => s.session_id === DEMO.agentMulti)?.runs?.map((r) => r['run_id']));
      const detail = await (await get(`/sessions/${DEMO.agentMulti}?type=agent`)).json();
      expect(detail).toMatchObject({ agent_session_id: DEMO.agentMulti, session_name: multi.session_name, run_count: multi.run_count });
    });

    it('sorts the listing by any session column and filters by session_name and the runs by created_at, as AgentOS', async () => {
      for (const [sortBy, key] of [['user_id', 'user_id'], ['session_type', 'session_type'], ['agent_id', 'agent_id']] as const) {
        const page = await (await get(`/sessions?limit=100&sort_by=${sortBy}&sort_order=asc`)).json();
        const values = page.data.map((s: Record<string, string | null>) => s[key]).filter((v: string | null) => v !== null);
        expect(values, sortBy).toEqual([...values].sort());
      }
      const named = (await (await get('/sessions?limit=100')).json()).data.find((s: { session_name: string }) => s.session_name.length > 6);
      const part = named.session_name.slice(2, 6).toUpperCase();
      const hits = (await (await get(`/sessions?limit=100&session_name=${encodeURIComponent(part)}`)).json()).data;
      expect(hits.map((s: { session_id: string }) => s.session_id)).toContain(named.session_id);
      for (const s of hits) expect(s.session_name.toLowerCase()).toContain(part.toLowerCase());

      const stored = (demo.find((s) => s.session_id === DEMO.agentMulti)?.runs ?? []).map((r) => r['created_at'] as number);
      const cut = [...stored].sort((a, b) => a - b)[1] as number;
      const after = await (await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&created_after=${cut}`)).json();
      expect(after).toHaveLength(stored.filter((at) => at >= cut).length);
      const before = await (await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&created_before=${cut}`)).json();
      expect(before).toHaveLength(stored.filter((at) => at <= cut).length);
    });

    it('searches the runs by their content with filters, sort and snippets (GET /search/runs)', async () => {
      const search = async (query: string) => {
        const res = await f.t.get(`/search/runs?${query}${f.db}`, token);
        expect(res.status, query).toBe(200);
        return res.json();
      };
      // A number only the output and a tool result hold: the session listing's search never found it.
      const price = await search('q=451.82');
      const priced = price.data.find((r: { session_id: string }) => r.session_id === DEMO.agentError);
      expect(priced, 'the run whose output says $451.82').toBeTruthy();
      const hit = priced.hits[0];
      expect(hit.snippet.slice(hit.match_start, hit.match_end)).toBe('451.82');
      // Tool arguments, any letter case, and a tool filter.
      const weather = await search(`q=${encodeURIComponent('montréal tool:get_wea')}`);
      expect(weather.data.map((r: { tools: string[] }) => r.tools)).toEqual([['get_weather']]);
      expect((await search('q=%22city%22%3A%22MONTR')).data.some((r: { hits: Array<{ where: string }> }) => r.hits.some((h) => h.where === 'tool'))).toBe(true);
      // Status, error and model filters; user as a substring.
      const errors = await search('errors=true&limit=100');
      expect(errors.meta.total_count).toBeGreaterThan(0);
      for (const r of errors.data) expect(r.has_error).toBe(true);
      for (const r of (await search('status=error&limit=100')).data) expect(r.status).toBe('ERROR');
      const claude = await search('model=claude&limit=100');
      expect(claude.meta.total_count).toBeGreaterThan(0);
      for (const r of claude.data) expect(r.model.toLowerCase()).toContain('claude');
      const oli = await search('user=OLI&limit=100');
      expect(oli.meta.total_count).toBe(demo.find((s) => s.session_id === DEMO.agentMulti)?.runs?.length);
      expect(oli.facets.tool.map((t: { value: string }) => t.value)).toContain('convert_currency');
      // The session listing's user filter as a substring too (user_id stays exact, as AgentOS).
      const listed = (await (await get('/sessions?limit=100&user_search=OLI')).json()).data.map((x: { user_id: string }) => x.user_id);
      expect(listed.length).toBeGreaterThan(0);
      for (const u of listed) expect(u).toBe('olivia');
      expect((await (await get('/sessions?limit=100&user_id=oli')).json()).data).toEqual([]);
      // Sorted as asked.
      const byTools = (await search('sort_by=tool_calls&sort_order=asc&limit=200')).data.map((r: { tool_call_count: number }) => r.tool_call_count);
      expect(byTools).toEqual([...byTools].sort((a, b) => a - b));
    });

    it('pages and summarises the run list, and leaves the chat history out, when asked (rundesk extensions)', async () => {
      for (const session of withRuns) {
        const type = session.session_type;
        const base = `/sessions/${session.session_id}/runs?type=${type}`;
        const full = (await (await get(base)).json()) as Array<Record<string, unknown>>;
        for (const limit of [1, 2, 5]) {
          const seen: unknown[] = [];
          for (let page = 1; ; page++) {
            const res = await (await get(`${base}&limit=${limit}&page=${page}`)).json();
            expect(res.meta).toEqual({ page, limit, total_count: full.length, total_pages: Math.ceil(full.length / limit) });
            if (res.data.length === 0) break;
            seen.push(...res.data);
          }
          expect(seen, `${session.session_id} by ${limit}`).toEqual(full);
        }
        const summaries = (await (await get(`${base}&summary=true`)).json()) as Array<Record<string, unknown>>;
        expect(summaries.map((r) => r['run_id'])).toEqual(full.map((r) => r['run_id']));
        summaries.forEach((summary, i) => {
          const run = full[i] as Record<string, unknown>;
          expect(summary).not.toHaveProperty('messages');
          expect(summary).not.toHaveProperty('content');
          expect(summary['status']).toEqual(run['status']);
          expect(summary['created_at']).toEqual(run['created_at']);
          expect(String(run['run_input'] ?? '').startsWith(String(summary['run_input'] ?? ''))).toBe(true);
        });
        const pageOfSummaries = await (await get(`${base}&summary=true&page=1`)).json();
        expect(pageOfSummaries.data).toEqual(summaries.slice(0, 100));
        const detail = await (await get(`/sessions/${session.session_id}?type=${type}`)).json();
        const without = await (await get(`/sessions/${session.session_id}?type=${type}&chat_history=false`)).json();
        expect(without).toEqual({ ...detail, chat_history: null });
      }
      expect((await get(`/sessions/nope/runs?type=agent&limit=5`)).status).toBe(404);
      expect((await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&limit=0`)).status).toBe(422);
    });

    it('answers the window around a run and the child runs of a run (rundesk extensions)', async () => {
      for (const session of withRuns) {
        const type = session.session_type;
        const base = `/sessions/${session.session_id}/runs?type=${type}`;
        const summaries = (await (await get(`${base}&summary=true`)).json()) as Array<Record<string, unknown>>;
        const ids = summaries.map((r) => String(r['run_id']));
        for (const [position, runId] of ids.entries()) {
          for (const limit of [1, 2, 3, 100]) {
            const res = await (await get(`${base}&summary=true&around=${runId}&limit=${limit}`)).json();
            const offset = Math.max(0, Math.min(position - Math.floor(limit / 2), ids.length - limit));
            expect(res.meta, `${runId} by ${limit}`).toEqual({ offset, limit, position, total_count: ids.length });
            expect(res.data).toEqual(summaries.slice(offset, offset + limit));
          }
          const children = (await (await get(`${base}&summary=true&parent_run_id=${runId}`)).json()) as Array<Record<string, unknown>>;
          expect(children).toEqual(summaries.filter((r) => r['parent_run_id'] === runId));
        }
        // Full runs too, and the default window size.
        const full = (await (await get(base)).json()) as Array<Record<string, unknown>>;
        const window = await (await get(`${base}&around=${ids[0]}`)).json();
        expect(window.data).toEqual(full.slice(0, 100));
      }
      const someRun = (await (await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&summary=true`)).json())[0].run_id as string;
      const missing = await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&around=no-such-run`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).error_code).toBe('NOT_FOUND');
      expect((await get(`/sessions/nope/runs?type=agent&around=${someRun}`)).status).toBe(404);
      expect((await get(`/sessions/${DEMO.agentEmpty}/runs?type=agent&around=${someRun}`)).status).toBe(404);
      for (const bad of ['limit=0', 'limit=1001', 'limit=x', 'page=2', 'created_after=1', 'parent_run_id=x']) {
        const res = await get(`/sessions/${DEMO.agentMulti}/runs?type=agent&around=${someRun}&${bad}`);
        expect(res.status, bad).toBe(422);
        expect((await res.json()).error_code).toBe('VALIDATION_ERROR');
      }
      if (!f.writable) return;
      // Runs stored out of `created_at` order, with ties and without a time: still found, by a scan.
      const times = [50, 10, 10, 10, 40, undefined, 30, 30, 20, 60, 60, 60, 5];
      for (const [i, at] of times.entries()) {
        const run = { run_id: `order-${i}`, agent_id: 'suite-agent', status: 'COMPLETED', content: String(i), ...(at === undefined ? {} : { created_at: 1_800_000_000 + at }) };
        expect((await f.t.post(`/sessions/order-session/runs?type=agent${f.db}`, run, token)).status).toBe(201);
      }
      const stored = ((await (await get('/sessions/order-session/runs?type=agent&summary=true')).json()) as Array<{ run_id: string }>).map((r) => r.run_id);
      expect(stored).toHaveLength(times.length);
      for (const [position, runId] of stored.entries()) {
        const res = await (await get(`/sessions/order-session/runs?type=agent&summary=true&around=${runId}&limit=3`)).json();
        expect(res.meta.position, runId).toBe(position);
        expect(res.data.map((r: { run_id: string }) => r.run_id)).toEqual(stored.slice(res.meta.offset, res.meta.offset + 3));
      }
      await fetch(`${f.t.baseUrl}/sessions/order-session?type=agent${f.db}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    });

    it('ingests, replaces and deletes when writable (409 when read-only)', async () => {
      const body = { run_id: 'suite-run', agent_id: 'suite-agent', status: 'COMPLETED', created_at: 1_800_000_000, content: 'one' };
      const post = (b: unknown) => f.t.post(`/sessions/suite-session/runs?type=agent${f.db}`, b, token);
      if (!f.writable) {
        expect((await post(body)).status).toBe(409);
        return;
      }
      expect((await post(body)).status).toBe(201);
      expect((await post({ ...body, content: 'two' })).status).toBe(200);
      const read = await (await get('/sessions/suite-session/runs/suite-run?type=agent')).json();
      expect(read.content).toBe('two');
      const del = await fetch(`${f.t.baseUrl}/sessions/suite-session?type=agent${f.db}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      expect(del.status).toBe(204);
      expect((await get('/sessions/suite-session/runs/suite-run?type=agent')).status).toBe(404);
    });
  });
}

/** Ingests the demo sessions' runs over HTTP (how the native layout gets them). */
export async function ingestDemo(t: TestServer, token: string, db: string): Promise<void> {
  for (const session of withRuns) {
    for (const run of session.runs ?? []) {
      const res = await t.post(`/sessions/${session.session_id}/runs?type=${session.session_type}${db}`, run, token);
      if (res.status >= 300) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
    }
  }
}
