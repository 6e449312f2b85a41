import { useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Icon } from '../components/Icon';
import { useShortcut } from '../platform/keyboard';
import { ActingAsMenu } from './ActingAsMenu';
import { DbPicker } from './DbPicker';
import { sessionsHref } from './location';
import { ShortcutsProvider, useShortcutsDialog } from './shortcuts';
import { setThemePreference, useTheme, type ThemePreference } from './theme';
import buttonStyles from '../components/Button.module.css';
import styles from './Shell.module.css';
import layoutStyles from '../components/layout.module.css';
import { cx } from '../lib/cx';

const NEXT_THEME: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };

function ThemeToggle() {
  const { preference, resolved } = useTheme();
  useShortcut('t', () => setThemePreference(resolved === 'dark' ? 'light' : 'dark'));
  const label = preference === 'system' ? `Theme: system (${resolved})` : `Theme: ${preference}`;
  return (
    <button
      type="button"
      className={cx(buttonStyles.iconBtn, styles.headerIcon)}
      onClick={() => setThemePreference(NEXT_THEME[preference])}
      title={`${label} — click to switch`}
      aria-label={label}
      data-testid="theme-toggle"
      data-theme-pref={preference}
    >
      <Icon name={preference === 'system' ? 'monitor' : preference === 'dark' ? 'moon' : 'sun'} size={15} />
    </button>
  );
}

function HelpButton() {
  const { open } = useShortcutsDialog();
  return (
    <button type="button" className={cx(buttonStyles.iconBtn, styles.headerIcon)} onClick={open} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">
      <Icon name="keyboard" size={15} />
    </button>
  );
}

function Logo() {
  return (
    <svg width="20" height="20" viewBox="0 0 32 32" aria-hidden className={styles.logoMark}>
      <rect width="32" height="32" rx="7" fill="var(--accent)" />
      <path d="M9 22V10h6.5a4 4 0 0 1 0 8H9m6.5 0 4 4" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="23.5" cy="11" r="2.2" fill="#fff" />
    </svg>
  );
}

/** Header (product, nav, database, acting-as, theme) around the routed page. */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const gPressed = useRef(0);
  const onSessions = location.pathname.startsWith('/sessions');

  // `/` anywhere but the sessions list (which focuses its own search box) opens the list.
  useShortcut('/', () => navigate(sessionsHref(), { state: { focusSearch: true } }), location.pathname !== '/sessions');
  useShortcut(['g', 's'], (e) => {
    if (e.key === 'g') gPressed.current = Date.now();
    else if (Date.now() - gPressed.current < 1000) navigate(sessionsHref());
  });

  return (
    <ShortcutsProvider>
      <div className={styles.app}>
        <header className={styles.appHeader}>
          <NavLink to={sessionsHref()} className={styles.brand} aria-label="rundesk home">
            <Logo />
            <span>rundesk</span>
          </NavLink>
          <nav className={styles.nav} aria-label="Main">
            <NavLink to={sessionsHref()} className={() => cx(styles.navLink, onSessions ? styles.active : undefined)}>
              Runs
            </NavLink>
            <NavLink to="/traces" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Traces
            </NavLink>
            <NavLink to="/memories" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Memories
            </NavLink>
            <NavLink to="/evals" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Evals
            </NavLink>
            <NavLink to="/metrics" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Metrics
            </NavLink>
            <NavLink to="/tokens" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Tokens
            </NavLink>
            <NavLink to="/settings" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Settings
            </NavLink>
            <NavLink to="/databases" className={({ isActive }) => cx(styles.navLink, isActive ? styles.active : undefined)}>
              Databases
            </NavLink>
          </nav>
          <div className={layoutStyles.headerSpacer} />
          <div className={styles.headerTools}>
            <DbPicker />
            <ActingAsMenu />
            <ThemeToggle />
            <HelpButton />
          </div>
        </header>
        <main className={styles.appMain}>
          <Outlet />
        </main>
      </div>
    </ShortcutsProvider>
  );
}
