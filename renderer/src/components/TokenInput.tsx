import { useRef, type ChangeEvent } from 'react';
import { cx } from '../lib/cx';
import inputStyles from './Input.module.css';
import tokenStyles from './TokenText.module.css';
import styles from './TokenInput.module.css';

/**
 * A textarea for a pasted JWT that colours its three parts as it is typed, as the minted token
 * is drawn (header, claims, signature). The text is drawn by a mirror behind a transparent
 * textarea, so editing, selection, the caret and screen readers are those of a plain textarea.
 *
 * @example
 * <TokenInput aria-label="Token" value={token} onChange={(e) => setToken(e.target.value)} />
 */
export function TokenInput(props: {
  value: string;
  onChange: (e: ChangeEvent<HTMLTextAreaElement>) => void;
  id?: string;
  rows?: number;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const { value, onChange, rows = 4, ...rest } = props;
  const mirror = useRef<HTMLDivElement>(null);
  const parts = value.split('.');
  return (
    <div className={styles.wrap}>
      <div ref={mirror} className={cx(inputStyles.input, inputStyles.mono, inputStyles.tokenInput, styles.mirror)} aria-hidden data-testid="token-input-mirror">
        {parts.map((p, i) => (
          <span key={i}>
            {i > 0 ? <span className={tokenStyles.tokenDot}>.</span> : null}
            <span className={tokenStyles.tokenPart} data-part={Math.min(i, 2)}>
              {p}
            </span>
          </span>
        ))}
        {/* A textarea keeps a line for a trailing newline; so does the mirror. */}
        {'\n'}
      </div>
      <textarea
        className={cx(inputStyles.input, inputStyles.mono, inputStyles.tokenInput, styles.field)}
        rows={rows}
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={onChange}
        onScroll={(e) => {
          if (mirror.current) mirror.current.scrollTop = e.currentTarget.scrollTop;
        }}
        {...rest}
      />
    </div>
  );
}
