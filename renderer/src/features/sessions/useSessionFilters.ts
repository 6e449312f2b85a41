import { useSearchParams } from 'react-router';
import { useCommittedDraft } from '../../lib/use-committed-draft';
import { readFilters, writeFilters, type SessionFilters } from './session-filters';

export type UpdateFilters = (patch: Partial<SessionFilters>, push?: boolean) => void;

/** The filters in the URL and a setter; a page change adds a history entry (`push`), filter edits replace it. */
export function useSessionFilters(): [SessionFilters, UpdateFilters] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const update: UpdateFilters = (patch, push = false) => setParams(writeFilters(params, filters, patch), { replace: !push });
  return [filters, update];
}

/** Text boxes for search and user id: typing updates the box at once and the URL (and query) after a pause. */
export function useFilterDrafts(filters: SessionFilters, update: UpdateFilters) {
  const [draft, setDraft] = useCommittedDraft({ q: filters.q, user: filters.user }, update, (v) => `${v.q}\n${v.user}`);
  return {
    qDraft: draft.q,
    setQDraft: (q: string) => setDraft((d) => ({ ...d, q })),
    userDraft: draft.user,
    setUserDraft: (user: string) => setDraft((d) => ({ ...d, user })),
  };
}
