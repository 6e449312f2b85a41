import type { AgnoMessage, AnyRun, ToolExecution } from '../../api-types/shapes';
import type { TabDef } from '../../components/ui';
import { listToolCalls } from '../../lib/conversation-tools';
import { isEmptyValue } from '../../lib/empty';
import { isTeamRun, isWorkflowRun, memberResponses } from '../../lib/runs';

/**
 * The run page's tabs with their counts; a tab that cannot apply to this run is hidden. The
 * trace is not a tab: it sits above them, on the first screen.
 */
export function runTabs(run: AnyRun, nearbyRuns: AnyRun[] | undefined): TabDef[] {
  const workflow = isWorkflowRun(run) ? run : null;
  const team = isTeamRun(run) ? run : null;
  const messages = (run as { messages?: AgnoMessage[] | null }).messages;
  const tools = (run as { tools?: ToolExecution[] | null }).tools;
  const events = Array.isArray(run.events) ? run.events : [];
  const memberCount = team
    ? (nearbyRuns ?? []).filter((r) => r.parent_run_id === run.run_id).length || memberResponses(team).length
    : 0;
  const hasReasoning =
    (Array.isArray(run.reasoning_steps) && run.reasoning_steps.length > 0) ||
    (typeof run.reasoning_content === 'string' && run.reasoning_content.length > 0) ||
    (Array.isArray(run.reasoning_messages) && run.reasoning_messages.length > 0);
  const refCount = (Array.isArray(run.references) ? run.references.length : 0) + (run.citations ? 1 : 0);
  const stepCount = workflow ? (workflow.step_results?.length ?? 0) || (workflow.step_executor_runs?.length ?? 0) : 0;

  return [
    { id: 'steps', label: 'Steps', count: stepCount, hidden: !workflow },
    { id: 'conversation', label: 'Conversation', count: Array.isArray(messages) ? messages.length : 0, hidden: !!workflow },
    { id: 'members', label: 'Members', count: memberCount, hidden: !team },
    { id: 'tools', label: 'Tools', count: workflow ? 0 : listToolCalls(messages, tools).length, hidden: !!workflow },
    { id: 'events', label: 'Events', count: events.length },
    { id: 'reasoning', label: 'Reasoning', hidden: !hasReasoning },
    { id: 'references', label: 'References', count: refCount, hidden: refCount === 0 },
    { id: 'state', label: 'State', hidden: isEmptyValue((run as { session_state?: unknown }).session_state) },
    { id: 'raw', label: 'Raw JSON' },
  ];
}

/** The tab the URL names when it is shown for this run, else the first one shown. */
export function currentTab(tabs: TabDef[], requested: string | null): string {
  const visible = tabs.filter((t) => !t.hidden);
  return visible.find((t) => t.id === requested)?.id ?? visible[0]!.id;
}
