import { cx } from '../../lib/cx';
import textStyles from '../../components/text.module.css';
import styles from './PatternGrammars.module.css';

/**
 * The page holds two pattern languages that look alike and differ: scope mapping keys match as
 * the platform matches them (fnmatch, where `*` crosses `/`), excluded route paths match whole
 * segments. Said side by side, where both are edited, so a pattern is not carried across wrongly.
 */
export function PatternGrammars() {
  return (
    <div className={styles.grammars} data-testid="pattern-grammars" role="note" aria-label="How patterns match">
      <div>
        <p className={styles.title}>
          Scope mapping keys <code>GET /sessions/*</code>
        </p>
        <ul className={styles.list}>
          <li>
            <code>*</code> any characters, <code>/</code> included: <code>/sessions/*</code> also covers <code>/sessions/s1/runs/r1</code>
          </li>
          <li>
            <code>?</code> one character, <code>[a-z]</code> one of a set, <code>{'{id}'}</code> exactly one path segment
          </li>
        </ul>
      </div>
      <div>
        <p className={styles.title}>
          Excluded route paths <code>/docs/*</code>
        </p>
        <ul className={styles.list}>
          <li>
            <code>*</code> is one whole segment; a trailing <code>/*</code> covers the path and everything below it
          </li>
          <li>
            no <code>?</code>, <code>[…]</code> or <code>{'{id}'}</code>, and no <code>*</code> inside a segment (<code>/docs*</code> is an error)
          </li>
        </ul>
      </div>
      <p className={cx(styles.foot, textStyles.muted)}>Both ignore a trailing slash and compare letters case-insensitively.</p>
    </div>
  );
}
