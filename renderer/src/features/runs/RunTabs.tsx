import { useMemo } from 'react';
import type { AgnoMessage, AnyRun, ToolExecution } from '../../api-types/shapes';
import { JsonView } from '../../components/JsonView';
import { Tabs } from '../../components/ui';
import { listToolCalls } from '../../lib/conversation-tools';
import { isTeamRun, isWorkflowRun } from '../../lib/runs';
import { useSearchParams } from 'react-router';
import { TeamMembers, WorkflowSteps } from './Composite';
import { Conversation } from './Conversation';
import { EventsTimeline } from './EventsTimeline';
import { RawJson } from './RawJson';
import { currentTab, runTabs } from './run-tabs';
import { ReasoningView, ReferencesView, ToolsList } from './Sections';
import cardStyles from '../../components/Card.module.css';
import styles from './RunTabs.module.css';
import { cx } from '../../lib/cx';

/** The run's tabbed body; the tab lives in the URL so a link reopens it. */
export function RunTabs({
  run,
  nearbyRuns,
  tab,
  setTab,
  hrefOf,
  revealTrace,
}: {
  run: AnyRun;
  nearbyRuns: AnyRun[] | undefined;
  tab: string | null;
  setTab: (t: string) => void;
  hrefOf: (runId: string) => string;
  /** Scrolls the page's trace into view. */
  revealTrace: () => void;
}) {
  const workflow = isWorkflowRun(run) ? run : null;
  const team = isTeamRun(run) ? run : null;
  const messages = (run as { messages?: AgnoMessage[] | null }).messages;
  const stored = (run as { tools?: ToolExecution[] | null }).tools;
  const tools = useMemo(() => listToolCalls(messages, stored), [messages, stored]);
  const events = Array.isArray(run.events) ? run.events : [];
  const tabs = runTabs(run, nearbyRuns);
  const current = currentTab(tabs, tab);
  // Arriving from a span of the trace: the message to show, and the span to return to.
  const [params, setParams] = useSearchParams();
  const msg = params.get('msg');
  const fromSpan = params.get('span');

  return (
    <section className={cx(cardStyles.card, styles.tabsCard)}>
      <Tabs tabs={tabs} value={current} onChange={setTab} />
      <div className={styles.tabPanel} data-tab-panel={current}>
        {current === 'conversation' && (
          <Conversation
            messages={messages}
            focusMessage={msg !== null && /^\d+$/.test(msg) ? Number(msg) : null}
            backToSpan={
              fromSpan
                ? () => {
                    // The trace sits above the tabs with the span still selected (`span=`): bring it back into view.
                    const next = new URLSearchParams(params);
                    next.delete('msg');
                    setParams(next, { replace: true });
                    revealTrace();
                  }
                : undefined
            }
            initialFind={params.get('find') ?? ''}
          />
        )}
        {current === 'steps' && workflow && <WorkflowSteps run={workflow} />}
        {current === 'members' && team && <TeamMembers run={team} nearbyRuns={nearbyRuns} hrefOf={hrefOf} />}
        {current === 'tools' && (
          <ToolsList
            tools={tools}
            showMessage={(index) => {
              const next = new URLSearchParams(params);
              next.set('tab', 'conversation');
              next.set('msg', String(index));
              setParams(next, { replace: true });
            }}
            childHref={(id) => ((nearbyRuns ?? []).some((r) => r.run_id === id) ? hrefOf(id) : null)}
          />
        )}
        {current === 'events' && <EventsTimeline events={events} />}
        {current === 'reasoning' && <ReasoningView run={run} />}
        {current === 'references' && <ReferencesView run={run} />}
        {current === 'state' && <JsonView value={(run as { session_state?: unknown }).session_state} />}
        {current === 'raw' && <RawJson run={run} />}
      </div>
    </section>
  );
}
