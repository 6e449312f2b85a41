import { useState, type ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './Collapsible.module.css';
import { cx } from '../lib/cx';
import { Button } from './Button';

/** A disclosure with a compact header row; `open` is uncontrolled after mount. */
export function Collapsible({
  title,
  meta,
  defaultOpen = false,
  children,
  className,
  onToggle,
}: {
  title: ReactNode;
  meta?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
  onToggle?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={cx(styles.collapsible, open ? styles.open : undefined, className)}>
      {/* The meta may hold its own buttons (jump to a child run): it sits beside the toggle, not inside it. */}
      <div className={styles.collapsibleHead}>
        <button
          type="button"
          className={styles.collapsibleToggle}
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            onToggle?.(!open);
          }}
        >
          <Icon name="chevronRight" size={12} className={styles.chev} />
          <span className={styles.collapsibleTitle}>{title}</span>
        </button>
        {meta !== undefined && <span className={styles.collapsibleMeta}>{meta}</span>}
      </div>
      {open && <div className={styles.collapsibleBody}>{children}</div>}
    </div>
  );
}

/** Long text clamped to `lines` with a "Show more" toggle. */
export function Clamp({ children, lines = 8, long }: { children: ReactNode; lines?: number; long: boolean }) {
  const [open, setOpen] = useState(false);
  if (!long) return <>{children}</>;
  return (
    <div className={cx(styles.clamp, open ? styles.open : undefined)} style={{ ['--clamp-lines' as string]: lines }}>
      <div className={styles.clampBody}>{children}</div>
      <Button variant="link" className={styles.clampToggle} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </Button>
    </div>
  );
}
