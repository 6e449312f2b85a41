import { Link } from 'react-router';
import type { AnyRun, JsonObject, TeamRunShape, WorkflowRunShape } from '../../api-types/shapes';
import { Badge, StatusBadge } from '../../components/Badge';
import { Collapsible } from '../../components/Collapsible';
import { JsonView } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { EmptyState } from '../../components/ui';
import { formatDuration, formatTime, preview, shortId } from '../../lib/format';
import { componentIdOf, contentText, durationOf, memberResponses } from '../../lib/runs';
import { InlineRun } from './InlineRun';
import { NoMembers } from './HiddenMembers';
import { RunKindIcon, RunStats } from './RunBits';
import styles from './Composite.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';

/**
 * A team run's members: the runs the page knows (`nearbyRuns`: its children and the runs around
 * it) whose parent is this run, and inline
 * `member_responses` (not in the documented TeamRunShape; read tolerantly if a run carries it).
 */
export function TeamMembers({
  run,
  nearbyRuns,
  hrefOf,
}: {
  run: TeamRunShape;
  nearbyRuns: AnyRun[] | undefined;
  hrefOf: (runId: string) => string;
}) {
  const children = (nearbyRuns ?? []).filter((r) => r.parent_run_id === run.run_id && r.run_id !== run.run_id);
  const inline = memberResponses(run);
  const childIds = new Set(children.map((c) => c.run_id));
  const inlineOnly = inline.filter((m) => !(typeof m.run_id === 'string' && childIds.has(m.run_id)));
  if (children.length === 0 && inline.length === 0) {
    return <NoMembers run={run} />;
  }
  return (
    <div data-testid="members">
      {children.length > 0 && (
        <ol className={styles.memberList}>
          {children.map((c) => (
            <li key={c.run_id} data-testid="member-run">
              <Link to={hrefOf(c.run_id)} className={styles.memberLink}>
                <StatusBadge status={c.status} />
                <RunKindIcon run={c} />
                <span className={cx(textStyles.mono, textStyles.small)}>{componentIdOf(c) ?? shortId(c.run_id)}</span>
                <span className={cx(styles.memberInput, textStyles.ellipsis)}>{preview(c.run_input, 140) || preview(c.content, 140)}</span>
                <RunStats run={c} />
                <span className={cx(textStyles.muted, textStyles.small, textStyles.mono)}>{formatTime(c.created_at)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {inline.length > 0 && (
        <div className={styles.inlineMembers}>
          <div className={textStyles.fieldLabel}>
            member_responses ({inline.length}){inlineOnly.length < inline.length ? ' — also listed above' : ''}
          </div>
          {inline.map((m, i) => (
            <InlineRun key={typeof m.run_id === 'string' ? m.run_id : i} run={m} href={typeof m.run_id === 'string' && childIds.has(m.run_id) ? hrefOf(m.run_id) : null} />
          ))}
        </div>
      )}
    </div>
  );
}

function StepItem({ step, executors, depth }: { step: JsonObject; executors: Map<string, JsonObject>; depth: number }) {
  const name = typeof step.step_name === 'string' ? step.step_name : 'step';
  const ok = step.success !== false && !step.error;
  const metrics = step.metrics && typeof step.metrics === 'object' ? (step.metrics as AnyRun['metrics']) : null;
  const exec = typeof step.step_run_id === 'string' ? executors.get(step.step_run_id) : undefined;
  const nested = Array.isArray(step.steps) ? (step.steps as JsonObject[]) : [];
  const content = contentText(step.content);
  return (
    <li className={styles.step} data-testid="workflow-step" style={{ ['--depth' as string]: depth }}>
      <Collapsible
        title={
          <>
            <span className={cx(styles.stepState, ok ? styles.ok : styles.bad)}>{ok ? '✓' : '✕'}</span>
            <strong>{name}</strong>
            {typeof step.step_type === 'string' && <Badge>{step.step_type}</Badge>}
            {typeof step.executor_type === 'string' && (
              <span className={cx(textStyles.muted, textStyles.small)}>
                {step.executor_type}
                {typeof step.executor_name === 'string' ? `: ${step.executor_name}` : ''}
              </span>
            )}
            <span className={cx(textStyles.muted, textStyles.small, textStyles.ellipsis)}>{preview(content, 90)}</span>
          </>
        }
        meta={<span className={cx(textStyles.muted, textStyles.small)}>{formatDuration(durationOf(metrics))}</span>}
      >
        <div className={styles.stepBody}>
          {typeof step.error === 'string' && step.error && <div className={styles.errorInline}>{step.error}</div>}
          {content ? (
            typeof step.content === 'object' ? (
              <JsonView value={step.content} maxHeight={360} />
            ) : (
              <Markdown text={content} />
            )
          ) : (
            <div className={cx(textStyles.muted, textStyles.small)}>No content.</div>
          )}
          {exec && <InlineRun run={exec} title="Executor run" />}
          {nested.length > 0 && (
            <ol className={cx(styles.steps, styles.nested)}>
              {nested.map((s, i) => (
                <StepItem key={i} step={s} executors={executors} depth={depth + 1} />
              ))}
            </ol>
          )}
          <Collapsible title="Raw step">
            <JsonView value={step} maxHeight={320} />
          </Collapsible>
        </div>
      </Collapsible>
    </li>
  );
}

/** A workflow run's steps (step_results) with each step's executor run (step_executor_runs). */
export function WorkflowSteps({ run }: { run: WorkflowRunShape }) {
  const steps = Array.isArray(run.step_results) ? run.step_results : [];
  const execRuns = Array.isArray(run.step_executor_runs) ? run.step_executor_runs : [];
  const executors = new Map<string, JsonObject>();
  for (const e of execRuns) if (typeof e.run_id === 'string') executors.set(e.run_id, e);
  const used = new Set(steps.map((s) => s.step_run_id).filter((x): x is string => typeof x === 'string'));
  const unmatched = execRuns.filter((e) => !(typeof e.run_id === 'string' && used.has(e.run_id)));
  if (steps.length === 0 && execRuns.length === 0) return <EmptyState icon="list" title="No steps recorded" />;
  return (
    <div data-testid="steps">
      {steps.length > 0 && (
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <StepItem key={i} step={s} executors={executors} depth={0} />
          ))}
        </ol>
      )}
      {unmatched.length > 0 && (
        <>
          <div className={textStyles.fieldLabel}>Executor runs ({unmatched.length})</div>
          {unmatched.map((e, i) => (
            <InlineRun key={typeof e.run_id === 'string' ? e.run_id : i} run={e} />
          ))}
        </>
      )}
    </div>
  );
}
