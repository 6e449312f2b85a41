import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiError } from '../../api/client';
import { deskMutations } from '../../api/desk/mutations';
import { deskQueries } from '../../api/desk/queries';
import { runQueries, sessionQueries } from '../../api/sessions/queries';
import { parseSessionType, sessionsHref } from '../../lib/location';
import { DESK_ACTOR, tokenFacts, useActingAs } from '../../auth/acting-as';
import { useClaimNames } from '../../api/desk/claim-names';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button, buttonClass } from '../../components/Button';

/** The session (and run) a platform 404 was about, read back from the request it answered. */
export function notFoundTarget(error: Pick<ApiError, 'url'>): { sessionId: string; runId: string | null; type: ReturnType<typeof parseSessionType>; db?: string; table?: string } | null {
  const url = new URL(error.url, 'http://rundesk.invalid');
  const m = /^\/sessions\/([^/]+)(?:\/runs\/([^/]+))?$/.exec(url.pathname);
  if (!m?.[1]) return null;
  const db = url.searchParams.get('db_id') || undefined;
  const table = (db && url.searchParams.get('table')) || undefined;
  return {
    sessionId: decodeURIComponent(m[1]),
    runId: m[2] ? decodeURIComponent(m[2]) : null,
    type: parseSessionType(url.searchParams.get('type')),
    ...(db ? { db } : {}),
    ...(table ? { table } : {}),
  };
}

/**
 * A 404 seen through a token's lens, explained by the desk view (which reads everything): the
 * session or run is not there at all, or it is there and belongs to another user — with user
 * isolation on the platform answers 404 to anyone but its owner, so the lens alone cannot
 * tell the two apart. Only what the desk can say is shown (that it exists, and whose it is),
 * never its content, and the way on: act as the owner, back to the desk view, back to the list.
 */
export function LensNotFound({ error, target, retry }: { error: ApiError; target: NonNullable<ReturnType<typeof notFoundTarget>>; retry?: (() => void) | undefined }) {
  const { current, tokens, addToken, setCurrent } = useActingAs();
  const names = useClaimNames();
  const settings = useQuery(deskQueries.settings());
  const loc = { db: target.db, table: target.table };
  const session = useQuery({ ...sessionQueries.detail(DESK_ACTOR, target.sessionId, target.type, loc), refetchInterval: false, retry: false });
  const run = useQuery({
    ...runQueries.detail(DESK_ACTOR, target.sessionId, target.runId ?? '', target.type, loc),
    enabled: target.runId !== null,
    refetchInterval: false,
    retry: false,
  });
  const mint = useMutation(deskMutations.mint());

  const facts = tokenFacts(error.token ?? '', names);
  const acting = facts.sub;
  const what = target.runId !== null ? 'run' : 'session';
  const exists = session.isSuccess && (target.runId === null || run.isSuccess);
  const absent = session.isError || run.isError;
  const owner = session.data?.user_id ?? null;
  const isolation = settings.data?.settings.auth.user_isolation === true;
  const otherOwner = exists && owner !== null && owner !== acting;

  const actAsOwner = async () => {
    if (!owner) return;
    const held = tokens.find((t) => {
      const f = tokenFacts(t.token, names);
      return f.sub === owner && !f.expired;
    });
    if (held) return setCurrent(held.id);
    // The same scopes as the token in use, for the owner: the same request, as she would send it.
    const minted = await mint.mutateAsync({ sub: owner, scopes: facts.scopes, ttl: 3600 });
    setCurrent(addToken({ label: owner, token: minted.token, source: 'minted' }).id);
  };

  const reason = otherOwner && isolation ? 'isolation' : exists ? 'hidden' : absent ? 'absent' : 'asking';
  const title =
    reason === 'isolation'
      ? `This ${what} belongs to another user`
      : reason === 'hidden'
        ? `This token cannot see this ${what}`
        : 'Not found';
  return (
    <ErrorPanel
      error={error}
      retry={retry}
      testId="lens-not-found"
      title={title}
      detail={
        <span data-reason={reason} data-testid="lens-not-found-reason">
          {reason === 'isolation' ? (
            <>
              The {what} exists (the desk view, which reads everything, has it), but it belongs to <strong className={textStyles.mono}>{owner}</strong> and you are
              acting as <strong className={textStyles.mono}>{acting ?? current?.label ?? 'a token with no user id'}</strong>. With user isolation on, the
              platform answers <span className={textStyles.mono}>404 Not Found</span> to anyone but the owner (or a token with the admin scope), as AgentOS
              does, so a client cannot even tell that it exists.
            </>
          ) : reason === 'hidden' ? (
            <>
              The desk view has this {what}
              {owner ? (
                <>
                  {' '}
                  (owner <strong className={textStyles.mono}>{owner}</strong>)
                </>
              ) : null}
              , but the platform answered {error.status} to the token of <strong className={textStyles.mono}>{acting ?? current?.label ?? 'this token'}</strong>: {error.detail}
            </>
          ) : reason === 'absent' ? (
            <>
              {error.detail} The desk view does not have it either: it is not in this database.
            </>
          ) : (
            <>
              {error.detail} Asking the desk view whether it exists…
            </>
          )}
        </span>
      }
      actions={
        <>
          {otherOwner && (
            <Button variant="primary" size="sm" onClick={() => void actAsOwner()} disabled={mint.isPending} data-testid="act-as-owner">
              <Icon name="key" size={12} /> Act as {owner}
            </Button>
          )}
          {current && (
            <Button size="sm" onClick={() => setCurrent(null)} data-testid="back-to-desk-view">
              <Icon name="database" size={12} /> Back to the desk view
            </Button>
          )}
          <Link className={buttonClass({ size: 'sm' })} to={sessionsHref(loc)}>
            <Icon name="chevronLeft" size={12} /> Back to sessions
          </Link>
        </>
      }
    >
      {mint.isError && <p className={cx(textStyles.small, textStyles.muted)}>A token for {owner} could not be minted: {mint.error.message}</p>}
    </ErrorPanel>
  );
}
