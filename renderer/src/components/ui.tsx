import { useEffect, useRef, type ReactNode } from 'react';
import { formatCount } from '../lib/format';
import { useShortcut } from '../platform/keyboard';
import { Icon, type IconName } from './Icon';
import styles from './ui.module.css';
import textStyles from './text.module.css';
import buttonStyles from './Button.module.css';
import { cx } from '../lib/cx';
import { IconButton } from './Button';

export function Spinner({ label }: { label?: string }) {
  return (
    <span className={styles.spinnerWrap} role="status" aria-label={label ?? 'Loading'}>
      <span className={styles.spinner} aria-hidden />
      {label && <span className={textStyles.muted}>{label}</span>}
    </span>
  );
}

/** Placeholder rows while a list loads. */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  return (
    <div className={styles.skeletonRows} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow} style={{ opacity: 1 - i * 0.12 }} />
      ))}
    </div>
  );
}

/**
 * Nothing to show. With a `title`: the large empty state of a page or tab (icon, title, body).
 * Without: a quiet one-line note inside a panel (also the place a panel's spinner waits in).
 */
export function EmptyState({ icon = 'list', title, children }: { icon?: IconName; title?: ReactNode; children?: ReactNode }) {
  if (title === undefined) return <div className={cx(styles.emptyState, styles.emptyStateInline)}>{children}</div>;
  return (
    <div className={styles.emptyState}>
      <div className={styles.emptyIcon}>
        <Icon name={icon} size={20} />
      </div>
      <div className={styles.emptyTitle}>{title}</div>
      {children && <div className={styles.emptyBody}>{children}</div>}
    </div>
  );
}

export interface TabDef {
  id: string;
  label: ReactNode;
  count?: number | null;
  hidden?: boolean;
}

/**
 * A tab bar (`role="tablist"`): one button per tab, the current one `aria-selected`.
 *
 * - `label` names the list (`aria-label`).
 * - `idPrefix` ties each tab to its panel: tab `${idPrefix}-tab-${id}`, `aria-controls`
 *   `${idPrefix}-tabpanel-${id}` (the page gives its panel that id and `aria-labelledby`).
 * - `arrowKeys` makes it the WAI-ARIA tabs pattern: only the current tab is in the Tab order,
 *   and ArrowLeft/ArrowRight select and focus the previous/next tab (wrapping). Without it,
 *   every tab is a stop of the Tab key and arrows do nothing.
 * - `testIdPrefix` gives each tab `data-testid="${testIdPrefix}${id}"`.
 *
 * @example
 * <Tabs label="Token workshop" idPrefix="wb" arrowKeys testIdPrefix="tab-" tabs={TABS} value={tab} onChange={go} />
 */
export function Tabs({
  tabs,
  value,
  onChange,
  label,
  idPrefix,
  arrowKeys,
  testIdPrefix,
  className,
}: {
  tabs: readonly TabDef[];
  value: string;
  onChange: (id: string) => void;
  label?: string | undefined;
  idPrefix?: string | undefined;
  arrowKeys?: boolean | undefined;
  testIdPrefix?: string | undefined;
  className?: string | undefined;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const shown = tabs.filter((t) => !t.hidden);
  return (
    <div className={cx(styles.tabs, className)} role="tablist" aria-label={label}>
      {shown.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          type="button"
          role="tab"
          id={idPrefix ? `${idPrefix}-tab-${t.id}` : undefined}
          aria-selected={value === t.id}
          aria-controls={idPrefix ? `${idPrefix}-tabpanel-${t.id}` : undefined}
          tabIndex={arrowKeys ? (value === t.id ? 0 : -1) : undefined}
          className={cx(styles.tab, value === t.id ? styles.active : undefined)}
          onClick={() => onChange(t.id)}
          onKeyDown={
            arrowKeys
              ? (e) => {
                  const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                  const next = d ? shown[(i + d + shown.length) % shown.length] : undefined;
                  if (next) {
                    e.preventDefault();
                    onChange(next.id);
                    refs.current.get(next.id)?.focus();
                  }
                }
              : undefined
          }
          data-tab={t.id}
          data-testid={testIdPrefix ? `${testIdPrefix}${t.id}` : undefined}
        >
          {t.label}
          {typeof t.count === 'number' && <span className={styles.tabCount}>{formatCount(t.count)}</span>}
        </button>
      ))}
    </div>
  );
}

/** A modal dialog (Escape or the backdrop closes it). */
export function Modal({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useShortcut('Escape', onClose);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className={styles.modalBackdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={styles.modal} role="dialog" aria-modal="true" aria-label={typeof title === 'string' ? title : undefined} tabIndex={-1} ref={ref}>
        <div className={styles.modalHead}>
          <div className={styles.modalTitle}>{title}</div>
          <IconButton onClick={onClose} aria-label="Close">
            <Icon name="x" size={14} />
          </IconButton>
        </div>
        <div className={styles.modalBody}>{children}</div>
      </div>
    </div>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className={cx(styles.kbd, buttonStyles.kbd)}>{children}</kbd>;
}

