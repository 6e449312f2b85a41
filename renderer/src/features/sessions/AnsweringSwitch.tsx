import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Callout } from '../../components/Callout';
import textStyles from '../../components/text.module.css';
import { sessionsHref } from '../../lib/location';
import { Button, buttonClass } from '../../components/Button';

/** What the run browser needs of a listed database (`GET /desk/databases`). */
export interface AnsweringCandidate {
  id: string;
  is_default: boolean;
  answers_without_db_id: boolean;
}

/**
 * The answering database last shown by the sessions list without a database in its address.
 * Kept outside the page, so a switch that happens while another page is open is still told.
 */
let lastShown: string | null = null;

/** Test hook: forget what was shown. */
export function __resetAnsweringForTests(): void {
  lastShown = null;
}

/**
 * Tells when the database that answers without `db_id` changes under a list that names no
 * database — the user pinned another database or detached this one (docs/databases.md, "Which
 * database answers": it never changes by itself) — instead of the rows changing with no word.
 */
export function useAnsweringSwitch(databases: readonly AnsweringCandidate[] | undefined): { change: AnsweringChange | null; dismiss: () => void } {
  const toId = databases?.find((d) => d.answers_without_db_id)?.id ?? null;
  const [seen, setSeen] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    if (toId === null) return;
    if (lastShown !== null && lastShown !== toId) setSeen({ from: lastShown, to: toId });
    lastShown = toId;
  }, [toId]);
  const dismiss = () => setSeen(null);
  const target = seen && databases?.find((d) => d.id === seen.to);
  if (!seen || !target) return { change: null, dismiss };
  return { change: { from: databases?.find((d) => d.id === seen.from) ?? seen.from, to: target }, dismiss };
}

/** The answering database before (its id when it is no longer listed) and now. */
export interface AnsweringChange {
  from: AnsweringCandidate | string;
  to: AnsweringCandidate;
}

export function AnsweringSwitchNotice({ change, onDismiss }: { change: AnsweringChange; onDismiss: () => void }) {
  const fromId = typeof change.from === 'string' ? change.from : change.from.id;
  const why = change.to.is_default
    ? 'the built-in database was pinned, or it holds sessions now and no database is pinned'
    : typeof change.from === 'string'
      ? `${fromId} is no longer attached`
      : change.from.is_default
        ? 'the answering database changed (the settings or the databases changed)'
        : `${fromId} no longer answers first`;
  return (
    <Callout
      tone="warn"
      testId="answering-switch"
      title={
        <>
          This list now reads <span className={textStyles.mono}>{change.to.id}</span>, no longer <span className={textStyles.mono}>{fromId}</span>
        </>
      }
      actions={
        <>
          {typeof change.from !== 'string' && (
            <Link className={buttonClass({ size: 'sm' })} to={sessionsHref({ db: fromId })} onClick={onDismiss}>
              Read {fromId}
            </Link>
          )}
          <Link className={buttonClass({ size: 'sm' })} to="/databases">
            Pin a database
          </Link>
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        </>
      }
    >
      Requests without <code>db_id</code> are answered by one database, and it changed: {why}. Pick a database in the header to read one
      for sure, or pin the one that answers (“Answer without db_id” on the Databases page).
    </Callout>
  );
}
