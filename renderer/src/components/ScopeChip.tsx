import styles from './ScopeChip.module.css';
/**
 * One scope, as a chip: `held` (the token has it), `missing` (the route needs it and the token
 * lacks it) or neither. `wb-scope` stays on it because the e2e suite selects held scopes by it.
 */
export function ScopeChip({ scope, state }: { scope: string; state?: 'held' | 'missing' | null | undefined }) {
  return <code className={styles.scope} data-state={state}>{scope}</code>;
}
