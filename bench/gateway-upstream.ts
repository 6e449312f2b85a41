/**
 * The fake AgentOS of the gateway benchmark, in its own process: the real platform's recorded
 * answers replayed (server/testing/fake-agentos.ts), `BENCH_PACE_MS` between streamed events.
 */
import { startFakeAgentOs } from '../server/testing/fake-agentos.js';

const upstream = await startFakeAgentOs({ paceMs: Number(process.env.BENCH_PACE_MS ?? 5) });
// Its request log would grow with every run of the benchmark; the benchmark measures rundesk.
setInterval(() => upstream.requests.splice(0), 1000).unref();
process.stdout.write(`fake AgentOS serving on ${upstream.url}\n`);
process.on('SIGTERM', () => void upstream.stop().then(() => process.exit(0)));
