/** The BrowserWindow options, security flags included, as plain data. */
import { MIN_WINDOW_SIZE, type WindowState } from './window-state.js';

export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webviewTag: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
}

export interface WindowOptions {
  title: string;
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  backgroundColor: string;
  icon?: string;
  webPreferences: SecureWebPreferences;
}

export function browserWindowOptions(options: { state: WindowState; preloadPath: string; title: string; icon?: string }): WindowOptions {
  const { state } = options;
  return {
    title: options.title,
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // Shown on `ready-to-show`, so there is no white flash.
    show: false,
    backgroundColor: '#0f172a',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
    },
  };
}
