import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../lib/hooks';
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
  const [qDraft, setQDraft] = useState(filters.q);
  const [userDraft, setUserDraft] = useState(filters.user);
  const q = useDebounced(qDraft, 250);
  const user = useDebounced(userDraft, 250);
  useEffect(() => {
    if (q !== filters.q || user !== filters.user) update({ q, user });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, user]);
  useEffect(() => {
    setQDraft(filters.q);
    setUserDraft(filters.user);
  }, [filters.q, filters.user]);
  return { qDraft, setQDraft, userDraft, setUserDraft };
}
