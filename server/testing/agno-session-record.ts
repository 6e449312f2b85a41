import type { SessionType, StoredRun } from '../db/types.js';

/** One session row before encoding (the `AgentSession`/`TeamSession`/`WorkflowSession.to_dict()`). */
export interface AgnoSessionRecord {
  session_id: string;
  session_type: SessionType;
  agent_id?: string | null;
  team_id?: string | null;
  workflow_id?: string | null;
  user_id?: string | null;
  session_data?: Record<string, unknown> | null;
  agent_data?: Record<string, unknown> | null;
  team_data?: Record<string, unknown> | null;
  workflow_data?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
  summary?: Record<string, unknown> | null;
  /** Stored as `'null'` when empty or absent, as agno does. */
  runs?: StoredRun[] | null;
  /** Epoch seconds. */
  created_at: number;
  /** Epoch seconds; defaults to `created_at` (a session saved once). */
  updated_at?: number | null;
}
