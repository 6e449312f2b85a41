import type { ReactNode, RefObject } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { formatCompact } from '../../lib/format';
import type { SessionFilters } from './session-filters';
import type { UpdateFilters } from './useSessionFilters';
import styles from './SessionsToolbar.module.css';
import { Segment, SegmentBar } from '../../components/SegmentBar';
import uiStyles from '../../components/ui.module.css';
import inputStyles from '../../components/Input.module.css';
import { Input, Select } from '../../components/Input';
import { cx } from '../../lib/cx';

export interface TypeCounts {
  all: number | undefined;
  agent: number | undefined;
  team: number | undefined;
  workflow: number | undefined;
}

/** Values the runs view's filter menus offer (the server's facets). */
export interface RunFacets {
  status: Array<{ value: string; count: number }>;
  model: Array<{ value: string; count: number }>;
  tool: Array<{ value: string; count: number }>;
}

/**
 * What is listed (sessions, or runs found by their content), session type segments with their
 * counts, the search box (focused by `/`), the user filter (a substring of the user id) and, for
 * runs, the status, tool, model and failed-only filters.
 */
export function SessionsToolbar({
  filters,
  update,
  counts,
  searchRef,
  qDraft,
  setQDraft,
  userDraft,
  setUserDraft,
  facets,
}: {
  filters: SessionFilters;
  update: UpdateFilters;
  counts: TypeCounts;
  searchRef: RefObject<HTMLInputElement | null>;
  qDraft: string;
  setQDraft: (v: string) => void;
  userDraft: string;
  setUserDraft: (v: string) => void;
  facets?: RunFacets | undefined;
}) {
  const runs = filters.view === 'runs';
  return (
    <div className={styles.toolbar}>
      <SegmentBar role="radiogroup" aria-label="List">
        <Segment role="radio" aria-checked={!runs} selected={!runs} onClick={() => update({ view: 'sessions' })} data-view="sessions">
          Sessions
        </Segment>
        <Segment role="radio" aria-checked={runs} selected={runs} onClick={() => update({ view: 'runs' })} data-view="runs">
          Runs
        </Segment>
      </SegmentBar>
      <SegmentBar role="radiogroup" aria-label="Session type">
        <TypeSegment label="All" count={counts.all} active={!filters.type} onClick={() => update({ type: undefined })} />
        <TypeSegment label="Agent" count={counts.agent} active={filters.type === 'agent'} onClick={() => update({ type: 'agent' })} />
        <TypeSegment label="Team" count={counts.team} active={filters.type === 'team'} onClick={() => update({ type: 'team' })} />
        <TypeSegment label="Workflow" count={counts.workflow} active={filters.type === 'workflow'} onClick={() => update({ type: 'workflow' })} />
      </SegmentBar>
      <FilterBox
        icon="search"
        inputRef={searchRef}
        type="search"
        placeholder={runs ? 'Search run content — words, "phrases", tool:, status:, is:error' : 'Search session id or name'}
        value={qDraft}
        onChange={setQDraft}
        label={runs ? 'Search runs' : 'Search sessions'}
        testId="session-search"
      >
        <kbd className={uiStyles.kbd}>/</kbd>
      </FilterBox>
      <FilterBox
        icon="user"
        className={styles.userBox}
        placeholder="User id contains"
        value={userDraft}
        onChange={setUserDraft}
        label="Filter by user id (contains)"
        testId="user-filter"
      />
      {runs && (
        <>
          <FacetSelect label="Status" all="Any status" value={filters.status} values={facets?.status} onChange={(status) => update({ status })} />
          <FacetSelect label="Tool" all="Any tool" value={filters.tool} values={facets?.tool} onChange={(tool) => update({ tool })} />
          <FacetSelect label="Model" all="Any model" value={filters.model} values={facets?.model} onChange={(model) => update({ model })} />
          <label className={styles.check} title="Runs that ended in an error or were cancelled, or whose tool call failed: the runs Traces → Errors lists">
            <input type="checkbox" checked={filters.errors} onChange={(e) => update({ errors: e.target.checked })} data-testid="errors-only" />
            Failed or cancelled
          </label>
        </>
      )}
    </div>
  );
}

/** A filter menu over the values the visible runs hold; the chosen value stays listed while it matches nothing. */
function FacetSelect({ label, all, value, values, onChange }: { label: string; all: string; value: string; values: RunFacets['status'] | undefined; onChange: (v: string) => void }) {
  const options = values ?? [];
  const listed = value === '' || options.some((o) => o.value === value) ? options : [{ value, count: 0 }, ...options];
  return (
    <Select size="sm" className={styles.facet} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={`facet-${label.toLowerCase()}`}>
      <option value="">{all}</option>
      {listed.map((o) => (
        <option key={o.value} value={o.value}>
          {o.value} ({formatCompact(o.count)})
        </option>
      ))}
    </Select>
  );
}

function TypeSegment({ label, count, active, onClick }: { label: string; count: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <Segment role="radio" aria-checked={active} selected={active} count={count === undefined ? '·' : formatCompact(count)} onClick={onClick} data-type={label.toLowerCase()}>
      {label}
    </Segment>
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
      <Input
        ref={inputRef}
        className={inputStyles.inputBare}
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
