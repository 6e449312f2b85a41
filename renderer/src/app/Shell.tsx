import { useRef } from 'react';
import { NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Icon } from '../components/Icon';
import { ServerOutage } from '../features/errors/ServerOutage';
import { useShortcut } from '../platform/keyboard';
import { ActingAsMenu } from './ActingAsMenu';
import { DbPicker } from './DbPicker';
import { MainNav } from './MainNav';
import { sessionsHref } from '../lib/location';
import { ShortcutsProvider, useShortcutsDialog } from './shortcuts';
import { setThemePreference, useTheme, type ThemePreference } from './theme';
import styles from './Shell.module.css';
import layoutStyles from '../components/layout.module.css';
import { IconButton } from '../components/Button';

const NEXT_THEME: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };

function ThemeToggle() {
  const { preference, resolved } = useTheme();
  useShortcut('t', () => setThemePreference(resolved === 'dark' ? 'light' : 'dark'));
  const label = preference === 'system' ? `Theme: system (${resolved})` : `Theme: ${preference}`;
  return (
    <IconButton
      className={styles.headerIcon}
      onClick={() => setThemePreference(NEXT_THEME[preference])}
      title={`${label} — click to switch`}
      aria-label={label}
      data-testid="theme-toggle"
      data-theme-pref={preference}
    >
      <Icon name={preference === 'system' ? 'monitor' : preference === 'dark' ? 'moon' : 'sun'} size={15} />
    </IconButton>
  );
}

function HelpButton() {
  const { open } = useShortcutsDialog();
  return (
    <IconButton className={styles.headerIcon} onClick={open} title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">
      <Icon name="keyboard" size={15} />
    </IconButton>
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

/**
 * The skip link moves focus to the page itself (the router owns the URL's path, so the `#` target
 * is followed by hand rather than by the browser).
 */
function skipToContent(e: React.MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** Header (product, nav, database, acting-as, theme) around the routed page. */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const gPressed = useRef(0);

  // `/` anywhere but the sessions list (which focuses its own search box) opens the list.
  useShortcut('/', () => navigate(sessionsHref(), { state: { focusSearch: true } }), location.pathname !== '/sessions');
  useShortcut(['g', 's'], (e) => {
    if (e.key === 'g') gPressed.current = Date.now();
    else if (Date.now() - gPressed.current < 1000) navigate(sessionsHref());
  });

  return (
    <ShortcutsProvider>
      <div className={styles.app}>
        <a className={styles.skipLink} href="#main-content" onClick={skipToContent}>
          Skip to content
        </a>
        <header className={styles.appHeader}>
          <NavLink to={sessionsHref()} className={styles.brand} aria-label="rundesk home">
            <Logo />
            <span>rundesk</span>
          </NavLink>
          <MainNav />
          <div className={layoutStyles.headerSpacer} />
          <div className={styles.headerTools}>
            <DbPicker />
            <ActingAsMenu />
            <ThemeToggle />
            <HelpButton />
          </div>
        </header>
        <main className={styles.appMain} id="main-content" tabIndex={-1}>
          <ServerOutage />
          <Outlet />
        </main>
        {/* A new page opens at its top (or its #anchor); Back returns to where the page was left. */}
        <ScrollRestoration />
      </div>
    </ShortcutsProvider>
  );
}
