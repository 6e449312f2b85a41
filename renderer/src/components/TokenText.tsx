import textStyles from './text.module.css';
import styles from './TokenText.module.css';
import { cx } from '../lib/cx';
/** A JWT drawn in its three coloured parts, wrapping anywhere. */
export function TokenText(props: { token: string; testId?: string }) {
  const parts = props.token.split('.');
  return (
    <code className={cx(textStyles.code, textStyles.token)} data-testid={props.testId}>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? <span className={styles.tokenDot}>.</span> : null}
          <span className={styles.tokenPart} data-part={Math.min(i, 2)}>{p}</span>
        </span>
      ))}
    </code>
  );
}
