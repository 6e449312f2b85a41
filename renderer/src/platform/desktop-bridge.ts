/**
 * The Electron preload's `window.rundesk`, feature-detected. Its interface is declared once, in
 * `electron/bridge-types.ts`; the renderer imports only the types (erased from the bundle).
 *
 * @example
 * const bridge = getDesktopBridge();
 * if (bridge) {
 *   const path = await bridge.chooseFile({ title: 'Attach database', filters: [{ name: 'SQLite', extensions: ['db', 'sqlite'] }] });
 * }
 */
import type { RundeskBridge } from '../../../electron/bridge-types.js';

export type { ChooseFileOptions, FileFilter } from '../../../electron/bridge-types.js';
export type DesktopBridge = RundeskBridge;

/** The bridge's methods, which `getDesktopBridge` checks are there (the type test keeps the list whole). */
export const BRIDGE_METHODS = ['chooseFile', 'onDatabasesChanged', 'onKeysChanged'] as const satisfies readonly (keyof DesktopBridge)[];

function isBridge(value: unknown): value is DesktopBridge {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return v.isDesktop === true && BRIDGE_METHODS.every((m) => typeof v[m] === 'function');
}

/** The desktop bridge when running inside the Electron app, `null` in a plain browser. */
export function getDesktopBridge(): DesktopBridge | null {
  const candidate = (globalThis as { rundesk?: unknown }).rundesk;
  return isBridge(candidate) ? candidate : null;
}
