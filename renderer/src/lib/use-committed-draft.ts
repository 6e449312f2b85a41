import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './hooks';

/**
 * A text box's draft over a value kept elsewhere (the URL): typing changes the draft at once and
 * commits it after a pause; a committed value changed from elsewhere (a link, going back) replaces
 * the draft. The commit's own echo does not: keys typed while the URL catches up are kept (they
 * were once dropped, "ticker" arriving as "icker"). `key` says when two values are the same.
 */
export function useCommittedDraft<T>(committed: T, commit: (value: T) => void, key: (value: T) => string, ms = 250) {
  const [draft, setDraft] = useState(committed);
  const settled = useDebounced(draft, ms);
  const written = useRef<string | null>(null);
  const settledKey = key(settled);
  const committedKey = key(committed);
  useEffect(() => {
    if (settledKey === committedKey) return;
    written.current = settledKey;
    commit(settled);
    // Only a settled draft commits; `committed` catching up must not commit again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledKey]);
  useEffect(() => {
    const echo = written.current;
    written.current = null;
    if (echo === committedKey) return;
    setDraft(committed);
    // Runs when the committed value changes, whatever the draft holds then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [committedKey]);
  return [draft, setDraft] as const;
}
