import { describe, expect, it } from 'vitest';
import { browserWindowOptions } from './window-options.js';
import { windowTitle } from './app-paths.js';

describe('browserWindowOptions', () => {
  const options = browserWindowOptions({
    state: { x: 10, y: 20, width: 1200, height: 800, maximized: false },
    preloadPath: '/app/dist/electron/preload.cjs',
    title: windowTitle('http://127.0.0.1:7778'),
  });

  it('locks the renderer down: isolation, sandbox, no Node, no webview', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
    });
  });

  it('uses the CommonJS preload and waits for ready-to-show', () => {
    expect(options.webPreferences.preload).toMatch(/preload\.cjs$/);
    expect(options.show).toBe(false);
  });

  it('restores the remembered bounds and shows the server URL in the title', () => {
    expect(options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800 });
    expect(options.title).toBe('rundesk — http://127.0.0.1:7778');
  });

  it('When no position is remembered, Then none is passed (the OS centres the window)', () => {
    const o = browserWindowOptions({ state: { width: 900, height: 700, maximized: false }, preloadPath: '/p.cjs', title: 't' });
    expect('x' in o).toBe(false);
    expect('y' in o).toBe(false);
  });
});
