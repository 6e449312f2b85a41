import type { Tone } from '../../components/Badge';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { copyText } from '../../platform/browser';

/**
 * Small, dense form and display primitives shared by the workbench pages. Styling lives in
 * `workbench.css` (`wb-` prefix) and reads only the theme's CSS variables.
 */

export function Panel(props: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`wb-panel ${props.className ?? ''}`} id={props.id} data-testid={props.testId} aria-labelledby={props.id ? `${props.id}-title` : undefined}>
      <header className="wb-panel-head">
        <div className="wb-panel-titles">
          <h2 className="wb-panel-title" id={props.id ? `${props.id}-title` : undefined}>{props.title}</h2>
          {props.subtitle ? <p className="wb-panel-sub">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div className="wb-panel-actions">{props.actions}</div> : null}
      </header>
      <div className="wb-panel-body">{props.children}</div>
    </section>
  );
}

export function PageHeader(props: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="wb-page-head">
      <div>
        <h1 className="wb-page-title">{props.title}</h1>
        {props.subtitle ? <p className="wb-page-sub">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="wb-page-actions">{props.actions}</div> : null}
    </header>
  );
}

export function Callout(props: { tone: Tone; title?: ReactNode; children?: ReactNode; testId?: string; actions?: ReactNode }) {
  return (
    <div className={`wb-callout wb-tone-${props.tone}`} role={props.tone === 'danger' ? 'alert' : 'status'} data-testid={props.testId}>
      <div className="wb-callout-text">
        {props.title ? <strong className="wb-callout-title">{props.title}</strong> : null}
        {props.children ? <div className="wb-callout-body">{props.children}</div> : null}
      </div>
      {props.actions ? <div className="wb-callout-actions">{props.actions}</div> : null}
    </div>
  );
}

/**
 * One labelled setting: the SPEC name in mono, its control, the default and help text, and the
 * error (server issue or local check) right beside it, linked with `aria-describedby`.
 */
export function Field(props: {
  name: string;
  label?: string;
  help?: ReactNode;
  defaultText?: ReactNode;
  error?: string | null | undefined;
  /** Whether the error came from the server (a 422 issue) or a local check. */
  errorSource?: 'server' | 'local' | undefined;
  warning?: string | null | undefined;
  children: (ids: { id: string; describedBy: string; invalid: boolean }) => ReactNode;
  wide?: boolean;
  modified?: boolean;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const describedBy = [props.error ? errId : '', props.help || props.defaultText ? helpId : ''].filter(Boolean).join(' ');
  return (
    <div className={`wb-field ${props.wide ? 'wb-field-wide' : ''} ${props.error ? 'wb-field-invalid' : ''}`} data-field={props.name}>
      <div className="wb-field-label-row">
        <label htmlFor={id} className="wb-field-label">
          {props.label ? <span className="wb-field-human">{props.label}</span> : null}
          <code className="wb-field-name">{props.name}</code>
        </label>
        {props.modified ? <span className="wb-dot" title="Changed from the default" aria-label="changed from default" /> : null}
      </div>
      <div className="wb-field-control">{props.children({ id, describedBy, invalid: Boolean(props.error) })}</div>
      {props.error ? (
        <p className="wb-field-error" id={errId} role="alert" data-testid={`issue-${props.name}`} data-source={props.errorSource}>
          {props.error}
        </p>
      ) : null}
      {props.warning && !props.error ? <p className="wb-field-warning">{props.warning}</p> : null}
      {props.help || props.defaultText ? (
        <p className="wb-field-help" id={helpId}>
          {props.help}
          {props.defaultText !== undefined ? (
            <span className="wb-field-default">
              {' '}default <code>{props.defaultText}</code>
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export function Toggle(props: {
  id?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  label?: ReactNode;
  disabled?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <label className={`wb-toggle ${props.disabled ? 'is-disabled' : ''}`}>
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy || undefined}
        onChange={(e) => props.onChange(e.target.checked)}
        data-testid={props.testId}
      />
      <span className="wb-toggle-track" aria-hidden="true">
        <span className="wb-toggle-thumb" />
      </span>
      {props.label ? <span className="wb-toggle-label">{props.label}</span> : null}
    </label>
  );
}

/** A radio group drawn as a segmented control (arrow keys move between options natively). */
export function Segmented<T extends string>(props: {
  id?: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode; title?: string }[];
  onChange: (v: T) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="wb-segmented" role="radiogroup" id={props.id} aria-describedby={props.describedBy || undefined}>
      {props.options.map((o) => (
        <label key={o.value} className={`wb-seg ${props.value === o.value ? 'is-on' : ''}`} title={o.title}>
          <input
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            disabled={props.disabled}
            onChange={() => props.onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * A list of short strings edited as chips: Enter or comma adds, Backspace on an empty input
 * removes the last one. Suggestions come from a `<datalist>`.
 */
export function ChipsInput(props: {
  id?: string;
  value: string[];
  onChange: (v: string[]) => void;
  placeholder?: string;
  suggestions?: readonly string[];
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  mono?: boolean;
  testId?: string;
  ariaLabel?: string;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const add = (raw: string) => {
    const parts = raw.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
    if (parts.length === 0) return;
    const next = [...props.value];
    for (const p of parts) if (!next.includes(p)) next.push(p);
    props.onChange(next);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      if (text.trim()) {
        e.preventDefault();
        add(text);
      } else if (e.key === ',') e.preventDefault();
    } else if (e.key === 'Backspace' && text === '' && props.value.length > 0) {
      props.onChange(props.value.slice(0, -1));
    }
  };
  return (
    <div className={`wb-chips ${props.invalid ? 'is-invalid' : ''} ${props.disabled ? 'is-disabled' : ''}`} data-testid={props.testId}>
      {props.value.map((v, i) => (
        <span className={`wb-chip ${props.mono === false ? '' : 'wb-mono'}`} key={`${v}-${i}`}>
          {v}
          {props.disabled ? null : (
            <button
              type="button"
              className="wb-chip-x"
              aria-label={`Remove ${v}`}
              onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}
            >
              ×
            </button>
          )}
        </span>
      ))}
      <input
        id={props.id}
        className="wb-chips-input"
        value={text}
        disabled={props.disabled}
        placeholder={props.value.length === 0 ? props.placeholder : ''}
        aria-describedby={props.describedBy || undefined}
        aria-invalid={props.invalid || undefined}
        aria-label={props.ariaLabel}
        list={props.suggestions?.length ? listId : undefined}
        onChange={(e) => {
          const v = e.target.value;
          // Picking a datalist suggestion fires a change with the whole value: add it at once.
          if (props.suggestions?.includes(v) && !props.value.includes(v)) {
            props.onChange([...props.value, v]);
            setText('');
          } else setText(v);
        }}
        onKeyDown={onKey}
        onBlur={() => add(text)}
      />
      {props.suggestions?.length ? (
        <datalist id={listId}>
          {props.suggestions.filter((s) => !props.value.includes(s)).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}

export function CopyButton(props: { text: string; label?: string; className?: string; testId?: string; small?: boolean }) {
  const [copied, setCopied] = useState<'idle' | 'ok' | 'fail'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      className={`wb-btn ${props.small ? 'wb-btn-sm' : ''} ${props.className ?? ''}`}
      data-testid={props.testId}
      onClick={() => {
        void copyText(props.text).then((ok) => {
          setCopied(ok ? 'ok' : 'fail');
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied('idle'), 1400);
        });
      }}
    >
      {copied === 'ok' ? 'Copied' : copied === 'fail' ? 'Copy failed' : (props.label ?? 'Copy')}
    </button>
  );
}

/** Pretty JSON with light syntax colouring (keys, strings, numbers, literals). */
const JSON_TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** A JWT drawn in its three coloured parts, wrapping anywhere. */
export function TokenText(props: { token: string; testId?: string }) {
  const parts = props.token.split('.');
  return (
    <code className="wb-token" data-testid={props.testId}>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? <span className="wb-token-dot">.</span> : null}
          <span className={`wb-token-part wb-token-p${Math.min(i, 2)}`}>{p}</span>
        </span>
      ))}
    </code>
  );
}

export function StatusPill(props: { status: number; testId?: string }) {
  const tone: Tone = props.status < 300 ? 'ok' : props.status === 401 || props.status === 403 ? 'danger' : props.status < 500 ? 'warn' : 'danger';
  const text = STATUS_TEXT[props.status] ?? '';
  return (
    <span className={`wb-status wb-tone-${tone}`} data-testid={props.testId} data-status={props.status}>
      <b>{props.status}</b>
      {text ? <span>{text}</span> : null}
    </span>
  );
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable',
  500: 'Server Error',
};

export function Empty(props: { children: ReactNode }) {
  return <div className="wb-empty">{props.children}</div>;
}

/**
 * A `keydown` handler for a container (form or page) that runs `handler` on `Ctrl/⌘ + key`
 * while focus is inside it.
 */
export function onModKey(key: string, handler: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === key) {
      e.preventDefault();
      handler();
    }
  };
}

// One kit: the run browser's Spinner, Kbd, Badge and JsonView and the one useDebounced serve the workbench too.
export { Kbd, Spinner } from '../../components/ui';
export { Badge, type Tone } from '../../components/Badge';
export { JsonView } from '../../components/JsonView';
export { useDebounced } from '../../lib/hooks';
