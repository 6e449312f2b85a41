import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { TraceColumnsSchema, TraceDetailSchema } from './schemas.js';
import { firstSpans } from './columns-window.js';

/**
 * `GET /traces/{trace_id}?shape=columns` (rundesk extension, what the UI reads): the trace's own
 * fields as the tree answer has them and its spans as columns, without the spans' input and
 * output; the tree answer is unchanged beside it (each shape cached on its own).
 */

const FILE = path.join(import.meta.dirname, '../../../test/fixtures/agno/agno-observability.db');
const TRACE = 'b917174598b6d5d11fad9cadb541dd27';

describe('Given the team run trace of Agno’s observability database', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer({ auth: { authorization: true }, databases: [{ id: 'obs', path: FILE, read_only: true }] });
    token = await t.token({ sub: 'u1', scopes: ['traces:read'] });
  }, 60_000);
  afterAll(async () => t?.stop());

  it('When the columns are asked for, Then every span is there, flat, with no input or output but the trace’s', async () => {
    const res = await t.get(`/traces/${TRACE}?db_id=obs&shape=columns`, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(TraceColumnsSchema.strict().safeParse(body).success).toBe(true);
    const tree = await (await t.get(`/traces/${TRACE}?db_id=obs`, token)).json();
    expect(TraceDetailSchema.safeParse(tree).success).toBe(true);
    const { tree: nodes, ...head } = tree;
    const { spans, ...columnsHead } = body;
    expect(columnsHead).toEqual(head);
    expect(spans.count).toBe(11);
    expect(spans.id[0]).toBe(nodes[0].id);
    expect(spans.parent[0]).toBeNull();
    expect(spans.parent.filter((p: string | null) => p === null)).toHaveLength(1);
    expect(spans.text[spans.type[0]]).toBe('TEAM');
    const model = spans.metadata.find((m: Record<string, unknown> | null) => m?.model);
    expect(model).toMatchObject({ model: expect.any(String), input_tokens: expect.any(Number) });
    expect(JSON.stringify(spans)).not.toContain('"input"');
  });

  it('When the first spans are asked for (`limit`), Then they are the whole answer’s first, with its total, and the whole answer is unchanged', async () => {
    const whole = await (await t.get(`/traces/${TRACE}?db_id=obs&shape=columns`, token)).json();
    const res = await t.get(`/traces/${TRACE}?db_id=obs&shape=columns&limit=3`, token);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(TraceColumnsSchema.strict().safeParse(first).success).toBe(true);
    expect(first.spans.count).toBe(3);
    expect(first.spans.total).toBe(11);
    expect(first.spans.id).toEqual(whole.spans.id.slice(0, 3));
    expect(first.spans.parent).toEqual(whole.spans.parent.slice(0, 3));
    // Read from the spans' outline and three whole rows, and exactly the whole answer's first
    // three but for the root's token totals (sums over every span).
    expect(first).toEqual(firstSpans(whole, 3));
    expect(whole.spans.metadata[0]).toMatchObject({ total_input_tokens: expect.any(Number), total_output_tokens: expect.any(Number) });
    expect(first.spans.metadata[0]?.total_input_tokens).toBeUndefined();
    // The whole answer again has no total and every span.
    const again = await (await t.get(`/traces/${TRACE}?db_id=obs&shape=columns`, token)).json();
    expect(again).toEqual(whole);
    expect('total' in again.spans).toBe(false);
    // Past the count: every span, with the total.
    const all = await (await t.get(`/traces/${TRACE}?db_id=obs&shape=columns&limit=500`, token)).json();
    expect(all).toEqual(firstSpans(whole, 500));
    expect(all.spans.total).toBe(11);
    expect((await t.get(`/traces/${TRACE}?db_id=obs&shape=columns&limit=0`, token)).status).toBe(422);
  });

  it('When one span is then asked for, Then it comes with its input and output', async () => {
    const columns = await (await t.get(`/traces/${TRACE}?db_id=obs&shape=columns`, token)).json();
    const i = columns.spans.metadata.findIndex((m: Record<string, unknown> | null) => m?.model);
    const span = await (await t.get(`/traces/${TRACE}?db_id=obs&span_id=${columns.spans.id[i]}`, token)).json();
    expect(span.id).toBe(columns.spans.id[i]);
    expect(typeof span.input === 'string' || typeof span.output === 'string').toBe(true);
  });
});
