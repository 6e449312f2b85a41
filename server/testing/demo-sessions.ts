import type { AgnoSessionRecord } from './agno-session-record.js';
import { CLAUDE, GPT_4O, makeAgentRun, makeTeamRun, makeWorkflowRun, stableUuid, teamRunId } from './agno-runs.js';
import { makeAgentSession, makeTeamSession, makeWorkflowSession } from './agno-sessions.js';

/**
 * A small, deterministic set of sessions covering what agents store: single and multi-run
 * agent sessions with tool calls and events, a nested run, an error run, reasoning with
 * references and citations, image and file inputs with structured output, a cancelled
 * anonymous run, a session created with no runs, two team sessions (member responses stored
 * inline or not), and two workflows (step results and executor runs; a dict input and an error).
 *
 * The same call always returns the same data; the ids are stable.
 */

/** Ids of the demo sessions, so tests can name them. */
export const DEMO = {
  agentSingle: stableUuid('demo:agent-single'),
  agentMulti: stableUuid('demo:agent-multi'),
  agentError: stableUuid('demo:agent-error'),
  agentReasoning: stableUuid('demo:agent-reasoning'),
  agentMedia: stableUuid('demo:agent-media'),
  agentAnonymous: stableUuid('demo:agent-anonymous'),
  agentEmpty: stableUuid('demo:agent-empty'),
  teamStored: stableUuid('demo:team-stored'),
  teamDefault: stableUuid('demo:team-default'),
  workflowEvents: stableUuid('demo:workflow-events'),
  workflowDictError: stableUuid('demo:workflow-dict-error'),
} as const;

const T0 = 1_775_295_555; // 2026-04-04T09:39:15Z

export function makeDemoSessions(): AgnoSessionRecord[] {
  return [
    agentSingle(),
    agentMulti(),
    agentError(),
    agentReasoning(),
    agentMedia(),
    agentAnonymous(),
    agentEmpty(),
    teamStored(),
    teamDefault(),
    workflowEvents(),
    workflowDictError(),
  ];
}

function agentSingle(): AgnoSessionRecord {
  const sessionId = DEMO.agentSingle;
  const agent = { agentId: 'research-assistant', agentName: 'Research Assistant', model: CLAUDE };
  return makeAgentSession({
    sessionId,
    userId: 'frank',
    ...agent,
    runs: [
      makeAgentRun({
        seed: 'demo:agent-single:0',
        sessionId,
        userId: 'frank',
        ...agent,
        createdAt: T0,
        input: 'How does base editing differ from classic CRISPR-Cas9 cutting?',
        content: '**Short answer:** base editors change a single letter without cutting both DNA strands.',
        tokens: { input: 870, output: 566 },
      }),
    ],
  });
}

function agentMulti(): AgnoSessionRecord {
  const sessionId = DEMO.agentMulti;
  const agent = { agentId: 'travel-concierge', agentName: 'Travel Concierge', model: GPT_4O };
  const common = { sessionId, userId: 'olivia', ...agent };
  const t = T0 + 2_347;
  const weather = makeAgentRun({
    ...common,
    seed: 'demo:agent-multi:0',
    createdAt: t,
    input: 'What will the weather be like in Montréal this weekend?',
    content: 'Saturday is mild, Sunday warm; pack a light jacket for the evenings.',
    toolCalls: [{ name: 'get_weather', args: { city: 'Montréal', days: 2 }, result: '{"sat": "mild", "sun": "warm"}' }],
    storeEvents: true,
  });
  const planner = makeAgentRun({
    seed: 'demo:agent-multi:nested',
    sessionId,
    userId: 'olivia',
    agentId: 'itinerary-planner',
    agentName: 'Itinerary Planner',
    parentRunId: stableUuid('demo:agent-multi:1:run'),
    createdAt: t + 548,
    input: 'Plan 2 days in Montréal for a budget of 1200 CAD.',
    content: '**Day 1** Vieux-Port, old town walk. **Day 2** museum, viewpoint hike.',
    reloaded: true,
  });
  const plan = makeAgentRun({
    ...common,
    seed: 'demo:agent-multi:1',
    createdAt: t + 546,
    input: 'Plan a 2-day itinerary with a total budget of 1200 CAD.',
    content: 'Here is your plan: **Day 1** Vieux-Port, **Day 2** museum and a hike.',
    toolCalls: [{ name: 'ask_itinerary_planner', args: { days: 2, budget_cad: 1200 }, result: 'Day 1: Vieux-Port. Day 2: museum.', childRunId: String(planner['run_id']) }],
    storeEvents: true,
  });
  const convert = makeAgentRun({
    ...common,
    seed: 'demo:agent-multi:2',
    createdAt: t + 679,
    input: 'Convert 1200 CAD to EUR.',
    content: '1200 CAD is about 810 EUR at today\'s rate.',
    toolCalls: [{ name: 'convert_currency', args: { amount: 1200, from: 'CAD', to: 'EUR' }, result: '810.24' }],
    storeEvents: true,
  });
  return makeAgentSession({ ...common, sessionName: 'Montréal weekend trip', runs: [weather, planner, plan, convert] });
}

function agentError(): AgnoSessionRecord {
  const sessionId = DEMO.agentError;
  const agent = { agentId: 'finance-analyst', agentName: 'Finance Analyst', model: CLAUDE };
  const common = { sessionId, userId: 'victor', ...agent };
  const t = T0 + 15_771;
  return makeAgentSession({
    ...common,
    runs: [
      makeAgentRun({
        ...common,
        seed: 'demo:agent-error:0',
        createdAt: t,
        input: 'What is NVDA trading at right now?',
        content: 'NVIDIA (NVDA) is trading at **$451.82**.',
        toolCalls: [{ name: 'get_stock_price', args: { ticker: 'NVDA' }, result: '451.82' }],
        reloaded: true,
      }),
      makeAgentRun({
        ...common,
        seed: 'demo:agent-error:1',
        createdAt: t + 394,
        input: "Compare NVDA's last four quarterly revenues with its two closest competitors.",
        content: 'Error code: 529 - Overloaded',
        status: 'ERROR',
        tokens: { input: 0, output: 0 },
        storeEvents: true,
      }),
    ],
  });
}

function agentReasoning(): AgnoSessionRecord {
  const sessionId = DEMO.agentReasoning;
  const agent = { agentId: 'data-analyst', agentName: 'Data Analyst', model: GPT_4O };
  const common = { sessionId, userId: 'rupert', ...agent };
  const t = T0 + 29_829;
  const steps = [
    { title: 'Fetch quarterly revenue', action: 'Query the warehouse', result: 'Q1 122199, Q2 166411', reasoning: 'Need both quarters.', next_action: 'continue', confidence: 0.9 },
    { title: 'Compute growth', action: 'Divide', result: '36.2%', reasoning: '(166411 - 122199) / 122199', next_action: 'final_answer', confidence: 0.95 },
  ];
  return makeAgentSession({
    ...common,
    sessionState: { warehouse: 'analytics', last_query_rows: 2 },
    runs: [
      makeAgentRun({
        ...common,
        seed: 'demo:agent-reasoning:0',
        createdAt: t,
        input: 'How much did NA revenue grow quarter over quarter?',
        content: 'NA revenue moved from 122199 to 166411, a change of **36.2%** quarter over quarter.',
        toolCalls: [{ name: 'run_sql', args: { sql: "SELECT quarter, revenue FROM sales WHERE region = 'NA'" }, result: '[["Q1", 122199], ["Q2", 166411]]' }],
        reasoning: {
          steps,
          content: steps.map((s) => `## ${s.title}\n${s.reasoning}\nAction: ${s.action}\nResult: ${s.result}\n\n`).join(''),
        },
        tokens: { input: 2980, output: 410, reasoning: 619 },
        sessionState: { warehouse: 'analytics', last_query_rows: 2 },
        storeEvents: true,
        reloaded: true,
      }),
      makeAgentRun({
        ...common,
        seed: 'demo:agent-reasoning:1',
        createdAt: t + 980,
        input: 'Which mitigation strategies reduce urban heat islands the most?',
        content: 'Cool roofs and street trees give the largest reductions [1][2].',
        references: [{ query: 'urban heat island mitigation', references: [{ content: 'Cool roofs lower surface temperatures.', name: 'epa.pdf' }], time: 0.42 }],
        citations: { urls: [{ url: 'https://www.epa.gov/heatislands', title: 'Heat Islands | EPA' }], search_queries: ['urban heat island mitigation'] },
        sessionState: { warehouse: 'analytics', last_query_rows: 2 },
      }),
    ],
  });
}

function agentMedia(): AgnoSessionRecord {
  const sessionId = DEMO.agentMedia;
  const agent = { agentId: 'vision-describer', agentName: 'Vision Describer', model: GPT_4O };
  const common = { sessionId, userId: 'walter', ...agent };
  const t = T0 + 46_658;
  return makeAgentSession({
    ...common,
    runs: [
      makeAgentRun({
        ...common,
        seed: 'demo:agent-media:0',
        createdAt: t,
        input: 'Describe these two images and say what they have in common.',
        inputMedia: {
          images: [
            { id: stableUuid('demo:image:0'), url: 'https://images.example.com/harbour.jpg' },
            { id: stableUuid('demo:image:1'), format: 'png', mime_type: 'image/png', content: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' },
          ],
        },
        content: 'Both show water at dusk: a harbour with fishing boats and a lake with a pier.',
        reloaded: true,
      }),
      makeAgentRun({
        ...common,
        seed: 'demo:agent-media:1',
        createdAt: t + 210,
        input: 'Extract the invoice fields from the attached PDF.',
        inputMedia: { files: [{ id: stableUuid('demo:file:0'), url: 'https://files.example.com/invoices/INV-12579.pdf', mime_type: 'application/pdf' }] },
        content: { invoice_number: 'INV-12579', total: 1249.5, currency: 'EUR', due_date: '2026-05-01' },
        contentType: 'InvoiceSummary',
      }),
    ],
  });
}

function agentAnonymous(): AgnoSessionRecord {
  const sessionId = DEMO.agentAnonymous;
  const agent = { agentId: 'support-bot', agentName: 'Support Bot', model: GPT_4O };
  const common = { sessionId, ...agent };
  const t = T0 + 53_933;
  return makeAgentSession({
    ...common,
    runs: [
      makeAgentRun({
        ...common,
        seed: 'demo:agent-anonymous:0',
        createdAt: t,
        input: 'How do I rotate my API key without downtime?',
        content: 'Create a second key, deploy it everywhere, then revoke the first.',
        reloaded: true,
      }),
      makeAgentRun({
        ...common,
        seed: 'demo:agent-anonymous:1',
        createdAt: t + 151,
        input: 'And can I schedule the old key to expire automatically?',
        content: `Run ${stableUuid('demo:agent-anonymous:1:run')} was cancelled`,
        status: 'CANCELLED',
      }),
    ],
  });
}

function agentEmpty(): AgnoSessionRecord {
  // Created through `POST /sessions` with a name and never run (§4.1).
  return {
    session_id: DEMO.agentEmpty,
    session_type: 'agent',
    agent_id: 'support-bot',
    user_id: 'peggy',
    session_data: { session_name: 'Onboarding checklist' },
    agent_data: null,
    metadata: null,
    runs: null,
    summary: null,
    created_at: T0 + 70_855,
  };
}

function teamStored(): AgnoSessionRecord {
  const sessionId = DEMO.teamStored;
  const seed = 'demo:team-stored:0';
  const parentRunId = teamRunId(seed);
  const t = T0 + 80_723;
  const member = (i: number, agentId: string, agentName: string, input: string, content: string) =>
    makeAgentRun({ seed: `${seed}:member:${i}`, sessionId, userId: 'quentin', agentId, agentName, parentRunId, createdAt: t + 1 + i * 6, input, content });
  const researcher = member(0, 'web-researcher', 'Web Researcher', 'List two reputable sources on coral reef restoration.', 'NOAA Coral Program; Australian Institute of Marine Science.');
  const writer = member(1, 'writer', 'Writer', 'Write a 150-word brief on coral reef restoration.', 'Coral restoration combines nurseries, outplanting and heat-tolerant strains.');
  const team = makeTeamRun({
    seed,
    sessionId,
    teamId: 'research-team',
    teamName: 'Research Team',
    userId: 'quentin',
    createdAt: t,
    input: 'Write a 150-word brief on coral reef restoration with two sources.',
    content: 'Coral restoration combines nurseries, outplanting and heat-tolerant strains (NOAA; AIMS).',
    members: [researcher, writer],
    storeMemberResponses: true,
    storeEvents: true,
  });
  return makeTeamSession({ sessionId, userId: 'quentin', teamId: 'research-team', teamName: 'Research Team', sessionName: 'Brief: coral reef restoration', runs: [researcher, writer, team] });
}

function teamDefault(): AgnoSessionRecord {
  const sessionId = DEMO.teamDefault;
  const t = T0 + 84_481;
  const turn = (n: number, at: number, input: string, content: string, memberId: string, memberName: string, task: string, answer: string) => {
    const seed = `demo:team-default:${n}`;
    const member = makeAgentRun({ seed: `${seed}:member`, sessionId, userId: 'zoe', agentId: memberId, agentName: memberName, parentRunId: teamRunId(seed), createdAt: at + 2, input: task, content: answer, model: CLAUDE, reloaded: n === 0 });
    const team = makeTeamRun({ seed, sessionId, teamId: 'support-team', teamName: 'Support Team', userId: 'zoe', createdAt: at, input, content, members: [member], storeEvents: n === 0 });
    return [member, team];
  };
  return makeTeamSession({
    sessionId,
    userId: 'zoe',
    teamId: 'support-team',
    teamName: 'Support Team',
    runs: [
      ...turn(0, t, 'Why was I charged twice this month?', 'The second charge is a pending authorisation and will drop off.', 'finance-analyst', 'Finance Analyst', "Check the customer's billing history for duplicate charges.", 'One settled charge and one pending authorisation.'),
      ...turn(1, t + 830, 'Does the Pro plan include the ASML market data feed?', 'Yes, the Pro plan includes it.', 'support-bot', 'Support Bot', 'Answer whether the Pro plan includes the ASML feed.', 'Yes, included since March.'),
    ],
  });
}

function workflowEvents(): AgnoSessionRecord {
  const sessionId = DEMO.workflowEvents;
  const steps = [
    { name: 'research', description: 'Collect facts and sources' },
    { name: 'write', description: 'Write the article' },
  ];
  const run = makeWorkflowRun({
    seed: 'demo:workflow-events:0',
    sessionId,
    workflowId: 'content-pipeline',
    workflowName: 'Content Pipeline',
    userId: 'ivan',
    createdAt: T0 + 91_938,
    input: 'Write an article about vector databases',
    steps: [
      { ...steps[0]!, executor: { agentId: 'researcher', agentName: 'Researcher', userId: 'ivan', createdAt: T0 + 91_939, input: 'Write an article about vector databases', content: 'Key facts: ANN indexes, HNSW, product quantisation.' } },
      { ...steps[1]!, executor: { agentId: 'writer', agentName: 'Writer', userId: 'ivan', createdAt: T0 + 91_950, input: 'Key facts: ANN indexes, HNSW, product quantisation.', content: '# Vector databases\n\nThey index embeddings for nearest-neighbour search.' } },
    ],
    storeEvents: true,
  });
  return makeWorkflowSession({ sessionId, userId: 'ivan', workflowId: 'content-pipeline', workflowName: 'Content Pipeline', steps, runs: [run] });
}

function workflowDictError(): AgnoSessionRecord {
  const sessionId = DEMO.workflowDictError;
  const steps = [
    { name: 'collect_data', description: 'Fetch prices and news' },
    { name: 'draft', description: 'Draft the briefing' },
  ];
  const common = { sessionId, workflowId: 'market-briefing', workflowName: 'Market Briefing', userId: 'grace' };
  const t = T0 + 101_780;
  const executors = (at: number) => [
    { ...steps[0]!, executor: { agentId: 'market-data', agentName: 'Market Data', userId: 'grace', createdAt: at + 1, input: 'Fetch NVDA prices and news', content: 'NVDA closed at 451.82; two analyst upgrades.', model: CLAUDE } },
    { ...steps[1]!, executor: { agentId: 'writer', agentName: 'Writer', userId: 'grace', createdAt: at + 9, input: 'Draft the NVDA briefing', content: '**NVIDIA briefing**\n\nShares rose on analyst upgrades.', model: CLAUDE } },
  ];
  return makeWorkflowSession({
    ...common,
    sessionName: 'NVDA weekly briefings',
    steps,
    runs: [
      makeWorkflowRun({ ...common, seed: 'demo:workflow-dict-error:0', createdAt: t, input: { ticker: 'NVDA', horizon_days: 7, audience: 'portfolio managers' }, steps: executors(t), storeEvents: true }),
      makeWorkflowRun({ ...common, seed: 'demo:workflow-dict-error:1', createdAt: t + 3_072, input: "Draft this week's NVDA briefing", steps: executors(t + 3_072), failAfterSteps: 1, errorMessage: 'Error code: 529 - Overloaded' }),
    ],
  });
}
