export { RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema } from './run-shapes.js';
export type { RunShape, TeamRunShape, WorkflowRunShape, AnyRunShape } from './run-shapes.js';
export { toRunShape, toAgentRunShape, toTeamRunShape, toWorkflowRunShape } from './to-run-shape.js';
export { toIsoDateTime } from '../../agno-format/dates.js';
export { getRunInput, stringifyInputContent, extractInputMedia } from '../../agno-format/run-input.js';
export { deriveSessionName, explicitSessionName } from '../../agno-format/session-name.js';
export { pythonJsonDumps, pythonRepr } from '../../agno-format/python-json.js';
