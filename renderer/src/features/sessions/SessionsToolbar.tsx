import type { ReactNode, RefObject } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { formatCompact } from '../../lib/format';
import type { SessionFilters } from './session-filters';
import type { UpdateFilters } from './useSessionFilters';
import styles from './SessionsToolbar.module.css';
import segmentedStyles from '../../components/Segmented.module.css';
import uiStyles from '../../components/ui.module.css';
import inputStyles from '../../components/Input.module.css';
import { cx } from '../../lib/cx';

export interface TypeCounts {
  all: number | undefined;
  agent: number | undefined;
  team: number | undefined;
  workflow: number | undefined;
}

/** Session type segments with their counts, the search box (focused by `/`) and the user id filter. */
export function SessionsToolbar({
  filters,
  update,
  counts,
  searchRef,
  qDraft,
  setQDraft,
  userDraft,
  setUserDraft,
}: {
  filters: SessionFilters;
  update: UpdateFilters;
  counts: TypeCounts;
  searchRef: RefObject<HTMLInputElement | null>;
  qDraft: string;
  setQDraft: (v: string) => void;
  userDraft: string;
  setUserDraft: (v: string) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <div className={segmentedStyles.segmented} role="radiogroup" aria-label="Session type">
        <Segment label="All" count={counts.all} active={!filters.type} onClick={() => update({ type: undefined })} />
        <Segment label="Agent" count={counts.agent} active={filters.type === 'agent'} onClick={() => update({ type: 'agent' })} />
        <Segment label="Team" count={counts.team} active={filters.type === 'team'} onClick={() => update({ type: 'team' })} />
        <Segment label="Workflow" count={counts.workflow} active={filters.type === 'workflow'} onClick={() => update({ type: 'workflow' })} />
      </div>
      <FilterBox
        icon="search"
        inputRef={searchRef}
        type="search"
        placeholder="Search session id or name"
        value={qDraft}
        onChange={setQDraft}
        label="Search sessions"
        testId="session-search"
      >
        <kbd className={uiStyles.kbd}>/</kbd>
      </FilterBox>
      <FilterBox
        icon="user"
        className={styles.userBox}
        placeholder="User id"
        value={userDraft}
        onChange={setUserDraft}
        label="Filter by user id"
        testId="user-filter"
      />
    </div>
  );
}

function Segment({ label, count, active, onClick }: { label: string; count: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <button type="button" role="radio" aria-checked={active} className={cx(segmentedStyles.segment, active ? cx(segmentedStyles.active, uiStyles.active) : undefined)} onClick={onClick} data-type={label.toLowerCase()}>
      {label}
      <span className={segmentedStyles.segmentCount}>{count === undefined ? '·' : formatCompact(count)}</span>
    </button>
  );
}

/** A text filter with an icon; Escape leaves the box. */
function FilterBox({
  icon,
  className,
  inputRef,
  type,
  placeholder,
  value,
  onChange,
  label,
  testId,
  children,
}: {
  icon: IconName;
  className?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  type?: 'search';
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={cx(styles.searchBox, className)}>
      <Icon name={icon} size={13} />
      <input
        ref={inputRef}
        className={cx(inputStyles.input, inputStyles.inputBare)}
        type={type}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
        aria-label={label}
        data-testid={testId}
      />
      {children}
    </div>
  );
}
