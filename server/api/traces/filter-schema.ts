import type { FilterSchemaResponse } from './schemas.js';

/**
 * What `GET /traces/filter-schema` tells a filter bar: each field a search may name, its type, the
 * operators that suit it and, for `status`, its values. The same fields, order and labels as the
 * platform's, so a UI built against it works unchanged.
 */
const TEXT = ['EQ', 'NEQ', 'CONTAINS', 'STARTSWITH', 'IN'];
const TIME = ['GT', 'GTE', 'LT', 'LTE'];

const text = (key: string, label: string, operators = TEXT) => ({ key, label, type: 'string' as const, operators, values: null });
const when = (key: string, label: string) => ({ key, label, type: 'datetime' as const, operators: TIME, values: null });

export const TRACE_FILTER_SCHEMA: FilterSchemaResponse = Object.freeze({
  fields: [
    { key: 'status', label: 'Status', type: 'enum' as const, operators: ['EQ', 'NEQ', 'IN'], values: ['OK', 'ERROR'] },
    text('user_id', 'User ID'),
    text('agent_id', 'Agent ID'),
    text('team_id', 'Team ID'),
    text('workflow_id', 'Workflow ID'),
    text('session_id', 'Session ID'),
    text('run_id', 'Run ID'),
    text('name', 'Trace Name', ['EQ', 'NEQ', 'CONTAINS', 'STARTSWITH']),
    text('trace_id', 'Trace ID'),
    { key: 'duration_ms', label: 'Duration (ms)', type: 'number' as const, operators: ['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE'], values: null },
    when('start_time', 'Start Time'),
    when('end_time', 'End Time'),
    when('created_at', 'Created At'),
  ],
  logical_operators: ['AND', 'OR'],
});
