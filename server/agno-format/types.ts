/**
 * The words of Agno's stored format that every layer shares: the session types and the run
 * dict. The stores (`server/db`) and the run shapes (`server/runs`) both build on
 * `server/agno-format` and never on each other.
 */
export const SESSION_TYPES = ['agent', 'team', 'workflow'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** A run dict exactly as stored (Agno `RunOutput.to_dict()` shape; free-form JSON). */
export type StoredRun = Record<string, unknown>;
