import { useState, type ReactNode } from 'react';
import { Icon } from './Icon';

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
    <div className={`collapsible${open ? ' open' : ''}${className ? ` ${className}` : ''}`}>
      {/* The meta may hold its own buttons (jump to a child run): it sits beside the toggle, not inside it. */}
      <div className="collapsible-head">
        <button
          type="button"
          className="collapsible-toggle"
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            onToggle?.(!open);
          }}
        >
          <Icon name="chevronRight" size={12} className="chev" />
          <span className="collapsible-title">{title}</span>
        </button>
        {meta !== undefined && <span className="collapsible-meta">{meta}</span>}
      </div>
      {open && <div className="collapsible-body">{children}</div>}
    </div>
  );
}

/** Long text clamped to `lines` with a "Show more" toggle. */
export function Clamp({ children, lines = 8, long }: { children: ReactNode; lines?: number; long: boolean }) {
  const [open, setOpen] = useState(false);
  if (!long) return <>{children}</>;
  return (
    <div className={`clamp${open ? ' open' : ''}`} style={{ ['--clamp-lines' as string]: lines }}>
      <div className="clamp-body">{children}</div>
      <button type="button" className="link-btn clamp-toggle" onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </button>
    </div>
  );
}
