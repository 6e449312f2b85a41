import { useQuery } from '@tanstack/react-query';
import { deskQueries } from '../../api';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import styles from './DatabasesPage.module.css';

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}

/** How much of the memory budget the server's caches and run indexes hold now. */
export function CacheMemory() {
  const memory = useQuery(deskQueries.cacheMemory());
  if (!memory.data) return null;
  const { used_bytes: used, budget_bytes: budget, bound } = memory.data;
  return (
    <p className={cx(textStyles.pad, textStyles.small, textStyles.muted, textStyles.m0, styles.tip)} data-testid="cache-memory">
      Caches and run indexes hold {megabytes(used)} of {megabytes(budget)} (<code>cache_budget_mb</code> in the settings; least recently used entries
      are dropped beyond it). The server stays under <span data-memory-bound>{megabytes(bound.bytes)}</span> of memory: {megabytes(bound.idle_rss_bytes)} when it
      started, the budget, {megabytes(bound.sqlite_page_cache_bytes)} of SQLite page caches and {megabytes(bound.reading_bytes)} while the largest session
      is read, and {megabytes(bound.search_bytes)} while the largest table is searched; it uses {megabytes(bound.rss_bytes)} now.
    </p>
  );
}
