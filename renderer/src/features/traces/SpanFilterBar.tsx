import { useId } from 'react';
import { formatCount } from '../../lib/format';
import { isFilterOn, NO_FILTER, type SpanFilter } from '../../lib/trace/filter';
import { SPAN_KIND_LABEL, type SpanKind } from '../../lib/trace/kind';
import { Input, Select } from '../../components/Input';
import { Button } from '../../components/Button';
import styles from './SpanFilterBar.module.css';

const DURATIONS: readonly { ms: number; label: string }[] = [
  { ms: 0, label: 'Any duration' },
  { ms: 100, label: '≥ 100 ms' },
  { ms: 1000, label: '≥ 1 s' },
  { ms: 5000, label: '≥ 5 s' },
  { ms: 10000, label: '≥ 10 s' },
];

/** Span search (as you type) and the kind, status and duration filters of the waterfall. */
export function SpanFilterBar({
  filter,
  onChange,
  kinds,
  matched,
  total,
}: {
  filter: SpanFilter;
  onChange: (f: SpanFilter) => void;
  /** The kinds this trace has (the kind menu offers only those). */
  kinds: readonly SpanKind[];
  /** Spans matching, or null when no filter is on. */
  matched: number | null;
  total: number;
}) {
  const id = useId();
  return (
    <div className={styles.bar} role="search" aria-label="Find spans" data-testid="span-filters">
      <Input
        size="sm"
        type="search"
        className={styles.search}
        placeholder="Find spans: name, model, tool"
        aria-label="Find spans by name, model or tool"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
        data-testid="span-search"
      />
      <label className={styles.field} htmlFor={`${id}-kind`}>
        <span className={styles.srOnly}>Kind</span>
        <Select
          size="sm"
          id={`${id}-kind`}
          value={filter.kinds[0] ?? ''}
          onChange={(e) => onChange({ ...filter, kinds: e.target.value ? [e.target.value as SpanKind] : [] })}
          data-testid="span-kind-filter"
        >
          <option value="">All kinds</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {SPAN_KIND_LABEL[k]}s
            </option>
          ))}
        </Select>
      </label>
      <label className={styles.field} htmlFor={`${id}-status`}>
        <span className={styles.srOnly}>Status</span>
        <Select
          size="sm"
          id={`${id}-status`}
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value as SpanFilter['status'] })}
          data-testid="span-status-filter"
        >
          <option value="all">Any status</option>
          <option value="error">Errors</option>
          <option value="ok">OK</option>
        </Select>
      </label>
      <label className={styles.field} htmlFor={`${id}-duration`}>
        <span className={styles.srOnly}>Duration</span>
        <Select
          size="sm"
          id={`${id}-duration`}
          value={filter.minMs}
          onChange={(e) => onChange({ ...filter, minMs: Number(e.target.value) })}
          data-testid="span-duration-filter"
        >
          {DURATIONS.map((d) => (
            <option key={d.ms} value={d.ms}>
              {d.label}
            </option>
          ))}
        </Select>
      </label>
      {isFilterOn(filter) && (
        <>
          <span className={styles.count} role="status" data-testid="span-match-count">
            {formatCount(matched ?? 0)} of {formatCount(total)} match
          </span>
          <Button size="xs" onClick={() => onChange(NO_FILTER)}>
            Clear
          </Button>
        </>
      )}
    </div>
  );
}
