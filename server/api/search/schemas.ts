import { z } from 'zod';
import { RUN_SORT_FIELDS } from './search-runs.js';
import { SessionTypeSchema } from '../../http/schemas.js';
import { StoreSelectorSchema } from '../common/schemas.js';

/** `GET /search/runs` (rundesk extension): the query and the answer. */

const filterText = z.string().trim().max(200);

export const RunSearchQuerySchema = StoreSelectorSchema.extend({
  q: z.string().max(1000).default('').meta({
    description:
      'Words and "quoted phrases" that must all occur in the run (input, output, messages, tool names and arguments, ids, session name; any letter case); `-word` excludes; qualifiers `status:`, `tool:`, `model:`, `user:` (substrings), `in:input|output|messages|tools`, `is:error`.',
  }),
  status: filterText.optional().meta({ description: 'Only runs with this status (any letter case), e.g. `ERROR`.' }),
  tool: filterText.optional().meta({ description: 'Only runs that called a tool whose name contains this.' }),
  model: filterText.optional().meta({ description: 'Only runs whose model id contains this.' }),
  user: filterText.optional().meta({ description: "Only runs whose user id contains this (any letter case). Unlike `user_id`, not exact." }),
  errors: z.enum(['true', 'false']).optional().meta({ description: '`true`: only runs that failed (status ERROR or a failed tool call).' }),
  type: SessionTypeSchema.optional().meta({ description: 'Only runs of sessions of this type.' }),
  user_id: z.string().max(512).optional().meta({ description: 'Only sessions of exactly this user (under user isolation, the caller\u2019s own id is used).' }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  sort_by: z.enum(RUN_SORT_FIELDS).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

export const SearchHitSchema = z
  .object({
    where: z.enum(['id', 'input', 'output', 'message', 'tool']).meta({ description: 'What matched: the ids or session name, the input, the output, a message, or a tool call.' }),
    message_index: z.number().int().nullable().meta({ description: 'Position of the matching message in the run\u2019s `messages`.' }),
    label: z.string().nullable().meta({ description: 'The message\u2019s role or the tool\u2019s name.' }),
    snippet: z.string(),
    match_start: z.number().int().meta({ description: 'Start of the match in `snippet` (UTF-16 units).' }),
    match_end: z.number().int(),
  })
  .meta({ id: 'RunSearchHit' });

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const RunSearchPageSchema = z
  .object({
    data: z.array(
      z.object({
        session_id: z.string(),
        session_type: SessionTypeSchema,
        session_name: z.string(),
        run_id: z.string(),
        parent_run_id: z.string().nullable(),
        user_id: z.string().nullable(),
        component_id: z.string().nullable().meta({ description: 'agent_id, team_id or workflow_id.' }),
        status: z.string().nullable(),
        model: z.string().nullable(),
        created_at: z.string().nullable().meta({ description: 'ISO-8601 UTC date-time' }),
        tools: z.array(z.string()).meta({ description: 'Tools the run called (from its conversation), once each.' }),
        tool_call_count: z.number().int(),
        has_error: z.boolean(),
        hits: z.array(SearchHitSchema).meta({ description: 'Up to 3 places the words were found; empty for a search by filters alone.' }),
      }),
    ),
    meta: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
      searched_runs: z.number().int().meta({ description: 'Runs the caller can see in this table.' }),
      search_time_ms: z.number(),
      query: z.string().meta({ description: 'The query as understood (filters included), in the search syntax.' }),
    }),
    facets: z.object({ status: FacetSchema, model: FacetSchema, tool: FacetSchema }).meta({ description: 'Values among the visible runs, for filter menus, most frequent first.' }),
  })
  .meta({ id: 'RunSearchPage' });
