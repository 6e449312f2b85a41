import type { RouteObject } from 'react-router';
import { DatabasesPage } from './databases/DatabasesPage';
import { SettingsPage } from './settings/SettingsPage';
import { TokensPage } from './tokens/TokensPage';

/**
 * The workbench pages, relative to `/ui/` (mounted by the app shell's router):
 * `settings` (auth settings, keys, presets, scope mappings), `tokens` (mint, inspect, compare)
 * and `databases` (attach, list, detach).
 */
export const workbenchRoutes: RouteObject[] = [
  { path: 'settings', element: <SettingsPage /> },
  { path: 'tokens', element: <TokensPage /> },
  { path: 'databases', element: <DatabasesPage /> },
];
