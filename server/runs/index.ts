export { RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema } from './shapes.js';
export type { RunShape, TeamRunShape, WorkflowRunShape, AnyRunShape } from './shapes.js';
export { toRunShape, toAgentRunShape, toTeamRunShape, toWorkflowRunShape } from './to-run-shape.js';
export { toIsoDateTime } from './dates.js';
export { getRunInput, stringifyInputContent, extractInputMedia } from './run-input.js';
export { deriveSessionName, explicitSessionName } from './session-name.js';
export { pythonJsonDumps, pythonRepr } from './python-json.js';
