import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../components/Icon';
import { PlainButton } from '../components/Button';
import { useClickOutside } from '../platform/keyboard';
import { locationQuery, sessionsHref, useDbLocation } from '../lib/location';
import headerControl from './header-control.module.css';
import styles from './MainNav.module.css';
import { cx } from '../lib/cx';

const PAGES = [
  { to: '/traces', label: 'Traces', data: true },
  { to: '/requests', label: 'Requests' },
  { to: '/memories', label: 'Memories', data: true },
  { to: '/knowledge', label: 'Knowledge', data: true },
  { to: '/evals', label: 'Evals', data: true },
  { to: '/metrics', label: 'Metrics', data: true },
  { to: '/tokens', label: 'Tokens' },
  { to: '/settings', label: 'Settings' },
  { to: '/databases', label: 'Databases' },
] as const;

/**
 * The header's page links. Where the header is too narrow for them (MainNav.module.css's
 * breakpoint) they fold behind a "Menu" button that names the current page and opens them as a
 * list under the header; picking one, Escape or a click elsewhere closes it.
 */
export function MainNav() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useClickOutside(ref, () => setOpen(false), open);
  // The data pages read the database the page shows: their links carry it (`?db=`).
  const dbLoc = useDbLocation();
  // A link followed (or the address changed some other way) closes the folded menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onSessions = location.pathname.startsWith('/sessions');
  const current = onSessions ? 'Runs' : (PAGES.find((p) => location.pathname.startsWith(p.to))?.label ?? 'Pages');
  const linkClass = (active: boolean) => cx(styles.navLink, active ? styles.active : undefined);

  return (
    <div
      className={styles.navArea}
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <PlainButton
        ref={button}
        className={cx(headerControl.headerControl, styles.menuButton)}
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen(!open)}
        data-testid="nav-menu"
      >
        <Icon name="menu" size={14} />
        <span className={styles.menuLabel}>{current}</span>
        <Icon name="chevronDown" size={11} />
      </PlainButton>
      <nav id="main-nav" className={styles.nav} aria-label="Main" data-open={open}>
        <NavLink to={sessionsHref()} className={() => linkClass(onSessions)}>
          Runs
        </NavLink>
        {PAGES.map((p) => (
          <NavLink key={p.to} to={'data' in p ? `${p.to}${locationQuery({ db: dbLoc.db })}` : p.to} className={({ isActive }) => linkClass(isActive)}>
            {p.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
