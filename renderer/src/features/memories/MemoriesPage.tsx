import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { memoryQueries } from '../../api/observability/queries';
import { useDbLocation } from '../../lib/location';
import { useActingAs } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { PageHeader } from '../../components/PageHeader';
import { Chip } from '../../components/Chip';
import { PlainButton } from '../../components/Button';
import { cx } from '../../lib/cx';
import { formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { useCommittedDraft } from '../../lib/use-committed-draft';
import pageStyles from '../../components/Page.module.css';
import styles from './MemoriesPage.module.css';
import inputStyles from '../../components/Input.module.css';
import textStyles from '../../components/text.module.css';
import { Input } from '../../components/Input';

/** The platform's user memories: pick a user, narrow by topic or by words in the memory. */
export function MemoriesPage() {
  const { actor } = useActingAs();
  const loc = useDbLocation();
  const [params, setParams] = useSearchParams();
  const user = params.get('user') ?? '';
  const topic = params.get('topic') ?? '';
  const q = params.get('q') ?? '';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) (v ? next.set(k, v) : next.delete(k));
    setParams(next, { replace: true });
  };

  // Searches as you type (like the other search boxes): the URL follows the box once typing pauses,
  // and the box follows the URL when it changes from elsewhere (back, a link).
  const [text, setText] = useCommittedDraft(q, (typed) => set({ q: typed.trim() }), (v) => v.trim());

  const users = useQuery(memoryQueries.users(actor, loc));
  const topics = useQuery(memoryQueries.topics(actor, user || undefined, loc));
  const list = useQuery(memoryQueries.list(actor, { user_id: user || undefined, topics: topic || undefined, search_content: q || undefined, limit: 100 }, loc));
  useMarkLoaded(!list.isPending);
  const userRows = useMemo(() => users.data?.data ?? [], [users.data]);

  const error = users.error ?? list.error;
  return (
    <div className={pageStyles.page} data-testid="memories-page">
      <PageHeader title="Memories" subtitle="What Agno's memory manager keeps about each user, with its topics." />
      {error ? (
        <RequestError error={error} retry={() => void (users.refetch(), list.refetch())} />
      ) : users.data && userRows.length === 0 ? (
        <EmptyState icon="user" title="No user memories in this database">
          Agno stores memories when an agent runs with <code>enable_user_memories=True</code> (or <code>enable_agentic_memory=True</code>) and a{' '}
          <code>user_id</code> on the run; they land in <code>agno_memories</code> of the agent's database.
        </EmptyState>
      ) : (
        <div className={styles.layout}>
          <nav className={styles.users} aria-label="Users">
            <h2 className={styles.heading}>Users</h2>
            {!users.data ? (
              <SkeletonRows rows={5} />
            ) : (
              <ul>
                <li>
                  <PlainButton className={cx(styles.user, !user && styles.current)} aria-current={!user || undefined} onClick={() => set({ user: '', topic: '' })}>
                    <span>Everyone</span>
                    <span className={styles.count}>{formatCount(userRows.reduce((n, u) => n + u.total_memories, 0))}</span>
                  </PlainButton>
                </li>
                {userRows.map((u) => (
                  <li key={u.user_id}>
                    <PlainButton
                      className={cx(styles.user, user === u.user_id && styles.current)}
                      aria-current={user === u.user_id || undefined}
                      onClick={() => set({ user: u.user_id, topic: '' })}
                      data-testid="memory-user"
                      data-user-id={u.user_id}
                    >
                      <span className={styles.userId}>{u.user_id}</span>
                      <span className={styles.count}>{formatCount(u.total_memories)}</span>
                    </PlainButton>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <section className={styles.main} aria-label={user ? `Memories of ${user}` : 'All memories'}>
            <div className={styles.toolbar}>
              <Input size="sm"
 
                type="search"
                value={text}
                placeholder="Search memories (any case, any accents)"
                aria-label="Search memories"
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => e.key === 'Enter' && set({ q: e.currentTarget.value.trim() })}
                data-testid="memory-search"
              />
              <div className={styles.topics} role="group" aria-label="Topics">
                {(topics.data ?? []).map((t) => (
                  <Chip key={t} size="sm" pressed={topic === t} onClick={() => set({ topic: topic === t ? '' : t })}>
                    {t}
                  </Chip>
                ))}
              </div>
            </div>
            {!list.data ? (
              <SkeletonRows rows={6} />
            ) : list.data.data.length === 0 ? (
              <EmptyState title="No memory matches">Clear the topic or the search.</EmptyState>
            ) : (
              <ul className={styles.list} data-testid="memory-list">
                {list.data.data.map((m) => (
                  <li key={m.memory_id} className={styles.memory} data-testid="memory">
                    <p className={styles.text}>{m.memory}</p>
                    <div className={styles.meta}>
                      {!user && m.user_id && <span className={styles.owner}>{m.user_id}</span>}
                      {(m.topics ?? []).map((t) => (
                        <span key={t} className={styles.tag}>
                          {t}
                        </span>
                      ))}
                      {(m.agent_id ?? m.team_id) && <span className={cx(textStyles.mono, inputStyles.mono)}>{m.agent_id ?? m.team_id}</span>}
                      {m.updated_at && <time dateTime={m.updated_at} title={formatDateTime(m.updated_at)}>{formatRelative(m.updated_at)}</time>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
