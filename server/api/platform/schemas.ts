import { z } from 'zod';
import { isoDate, jsonObject, StoreSelectorSchema, userIdFilter } from '../common/schemas.js';

/** Query and answer schemas of the platform's own routes: config, models, agents/teams/workflows, meta. */

export const ModelSchema = z
  .object({ id: z.string().optional(), provider: z.string().optional() })
  .meta({ id: 'Model', description: 'A model the stored runs used (AgentOS `Model`: null fields left out).' });
export const ModelListSchema = z.array(ModelSchema).meta({ id: 'ModelList' });

export const ComponentsQuerySchema = StoreSelectorSchema.extend({
  user_id: userIdFilter.optional(),
});

/** A path segment naming one resource (`{agent_id}`, `{run_id}`). */
export const ResourceIdSchema = z.string().min(1).max(512);

export const ModelSummarySchema = z
  .object({ name: z.string().nullable(), model: z.string().nullable(), provider: z.string().nullable() })
  .meta({
    id: 'ModelResponse',
    description: "AgentOS's `ModelResponse` of the model named in the newest session's `*_data.model` (Agno `Model.to_dict()`): its class name, its id as `model`, its provider.",
  });

export const ComponentSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    db_id: z.string().meta({ description: 'Database the sessions were found in; pass it as `db_id` to read them.' }),
    model: ModelSummarySchema.nullable(),
    metadata: jsonObject,
    session_count: z.number().int(),
    run_count: z.number().int(),
    last_active_at: isoDate,
  })
  .meta({
    id: 'Component',
    description: 'An agent, team or workflow seen in the stored sessions: the fields of AgentOS\'s list items that stored sessions tell, plus counts.',
  });

/**
 * A live agent, team or workflow of the upstream AgentOS (`upstream.url`), as the platform lists
 * it (its own fields kept: tools, instructions, team mode…), with rundesk's counts of its stored
 * sessions and a `db_id` rundesk answers for.
 */
export const LiveComponentSchema = z
  .looseObject({
    id: z.string(),
    name: z.string().nullable().optional(),
    db_id: z.string().meta({ description: 'A database rundesk answers for: where its sessions were found, else the upstream\'s if attached under the same id, else the answering database.' }),
    live: z.literal(true).meta({ description: 'Listed by the upstream AgentOS: it can be run through rundesk.' }),
    session_count: z.number().int(),
    run_count: z.number().int(),
    last_active_at: isoDate,
  })
  .meta({ id: 'LiveComponent', description: "An agent, team or workflow the upstream AgentOS lists live, in the platform's shape." });

/** `GET /` for tools (a browser is sent to the UI). */
export const RootSchema = z
  .object({ name: z.literal('rundesk'), version: z.string(), docs: z.string(), openapi: z.string(), ui: z.string() })
  .meta({ id: 'Root' });

export const HealthSchema = z.object({ status: z.literal('ok'), instantiated_at: z.string() }).meta({ id: 'Health' });

export const InfoSchema = z
  .object({
    name: z.literal('rundesk'),
    version: z.string(),
    os_id: z.string(),
    api_version: z.string(),
    databases: z.array(z.string()),
    auth: z.object({
      validate: z.boolean(),
      algorithm: z.string(),
      authorization_enabled: z.boolean(),
      user_isolation: z.boolean(),
      token_source: z.string(),
    }),
  })
  .meta({ id: 'Info' });

/** The part of AgentOS 2.9's `ConfigResponse` that stored sessions and rundesk's settings tell. */
const ConfigDbSchema = z.object({
  db_id: z.string(),
  domain_config: z.object({ display_name: z.string().nullable() }).nullable(),
  tables: z.array(z.string()).nullable(),
});
/** One domain of AgentOS's config (`session`, `memory`, `evals`…): the databases holding it and their tables. */
const ConfigDomainSchema = z.object({ display_name: z.string().nullable(), dbs: z.array(ConfigDbSchema) });

export const OsConfigSchema = z
  .object({
    os_id: z.string(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    available_models: z
      .array(z.union([z.string(), z.record(z.string(), z.unknown())]))
      .nullable()
      .meta({ description: "With upstream.url set, the upstream's (names on AgentOS 2.9, `{ id, provider }` on Agno 3); else empty." }),
    os_database: z.string().nullable().meta({ description: 'The database that answers requests without `db_id`.' }),
    databases: z.array(z.string()),
    chat: z.null(),
    session: ConfigDomainSchema,
    memory: ConfigDomainSchema.meta({ description: 'Databases holding user memories (a table Agno\'s `RemoteDb.from_config` finds).' }),
    evals: ConfigDomainSchema,
    metrics: ConfigDomainSchema,
    knowledge: ConfigDomainSchema,
    traces: ConfigDomainSchema.meta({
      description: 'Databases whose traces `/traces` reads: `default_database` when set, else every database (as AgentOS: its own db, else all). No table names, as on the platform.',
    }),
    agents: z.array(z.union([LiveComponentSchema, ComponentSchema])),
    teams: z.array(z.union([LiveComponentSchema, ComponentSchema])),
    workflows: z.array(z.union([LiveComponentSchema, ComponentSchema])),
    interfaces: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'OsConfig' });
