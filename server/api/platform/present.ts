import { toIsoDateTime } from '../../agno-format/dates.js';
import type { ComponentSummary } from '../../db/types.js';

/** AgentOS's list item (`id`, `name`, `description`, `db_id`, `model`, `metadata`) plus rundesk's counts. */
export function presentComponent(c: ComponentSummary, dbId: string) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    db_id: dbId,
    model: c.model === null ? null : { name: c.model.name, model: c.model.id, provider: c.model.provider },
    metadata: null,
    session_count: c.session_count,
    run_count: c.run_count,
    last_active_at: toIsoDateTime(c.last_active_at),
  };
}
