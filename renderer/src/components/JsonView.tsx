import { useMemo } from 'react';
import { safeStringify } from '../lib/format';
import { compactJson } from '../lib/json';
import { CopyButton } from './Copy';
import styles from './JsonView.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

/** Above this many characters JSON is shown without colouring (keeps huge runs responsive). */
const HIGHLIGHT_LIMIT = 150_000;

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

function highlight(text: string) {
  const out: React.ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[1]) {
      out.push(
        <span key={i++} className={m[2] ? styles.jKey : styles.jStr}>
          {m[1]}
        </span>,
      );
      if (m[2]) out.push(m[2]);
    } else if (m[3]) {
      out.push(
        <span key={i++} className={styles.jLit}>
          {m[3]}
        </span>,
      );
    } else if (m[4]) {
      out.push(
        <span key={i++} className={styles.jNum}>
          {m[4]}
        </span>,
      );
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Pretty-printed JSON with light syntax colouring and an optional copy button. */
export function JsonView({
  value,
  copy = true,
  maxHeight,
  className,
  wrap = false,
  label,
  testId,
}: {
  value: unknown;
  copy?: boolean;
  maxHeight?: number | string;
  className?: string;
  /** Wraps long lines instead of scrolling sideways. */
  wrap?: boolean;
  label?: string;
  testId?: string;
}) {
  const text = useMemo(() => {
    if (typeof value === 'string') return value;
    try {
      return compactJson(value, 96);
    } catch {
      return safeStringify(value, 2);
    }
  }, [value]);
  const nodes = useMemo(() => (text.length <= HIGHLIGHT_LIMIT ? highlight(text) : text), [text]);
  return (
    // data-json-view: a stable hook (module class names are hashed) for checks that leave the viewer out.
    <div className={cx(styles.jsonView, wrap && styles.wrap, className)} data-testid={testId} data-json-view="">
      {copy && (
        <div className={styles.jsonViewTools}>
          <CopyButton text={text} label={label ? `Copy ${label}` : 'Copy JSON'} icon />
        </div>
      )}
      {/* Focusable so a keyboard can scroll it (a scrolled region with nothing focusable inside). */}
      <pre className={cx(textStyles.code, styles.code)} style={maxHeight !== undefined ? { maxHeight } : undefined} tabIndex={0}>
        {nodes}
      </pre>
    </div>
  );
}

/** `text` parsed as JSON when it is a JSON object or array, else `undefined`. */
export function parseJsonText(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** Tries to show a string as JSON (pretty) when it parses; otherwise as text. */
export function MaybeJson({ text, maxHeight }: { text: string; maxHeight?: number | string }) {
  const parsed = useMemo(() => parseJsonText(text), [text]);
  if (parsed !== undefined) return <JsonView value={parsed} maxHeight={maxHeight} />;
  return (
    <pre className={cx(textStyles.code, styles.code, textStyles.textPre)} style={maxHeight !== undefined ? { maxHeight } : undefined} tabIndex={0} data-json-view="">
      {text}
    </pre>
  );
}
