import { Icon } from '../../components/Icon';
import { formatCount } from '../../lib/format';
import { PAGE_SIZES } from './session-filters';
import styles from './Pagination.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Select } from '../../components/Input';

export function Pagination({
  page,
  pages,
  total,
  limit,
  onPage,
  onLimit,
  noun = 'sessions',
}: {
  /** What is paged, in the plural ("sessions", "runs"). */
  noun?: string;
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
  onLimit: (l: number) => void;
}) {
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <div className={styles.pagination} data-testid="pagination">
      <span className={textStyles.muted}>
        {formatCount(from)}–{formatCount(to)} of <strong>{formatCount(total)}</strong> {noun}
      </span>
      <div className={styles.paginationControls}>
        <Select size="sm" value={limit} onChange={(e) => onLimit(Number(e.target.value))} aria-label="Page size">
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} / page
            </option>
          ))}
        </Select>
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <Icon name="chevronLeft" size={12} />
        </Button>
        <span className={textStyles.small}>
          Page {page} of {pages}
        </span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          <Icon name="chevronRight" size={12} />
        </Button>
      </div>
    </div>
  );
}
