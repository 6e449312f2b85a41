import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installNavigationGuard, type GuardedWebContents } from './navigation.js';

const ORIGIN = 'http://127.0.0.1:7777';

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((d: { url: string }) => unknown) | undefined;
  const contents = {
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    setWindowOpenHandler: (h: (d: { url: string }) => unknown) => {
      openHandler = h;
    },
  } as unknown as GuardedWebContents;
  const navigate = (event: 'will-navigate' | 'will-redirect', url: string) => {
    const e = { url, preventDefault: vi.fn() };
    emitter.emit(event, e, url);
    return e;
  };
  return { contents, emitter, navigate, open: (url: string) => openHandler?.({ url }) };
}

function setup() {
  const fake = fakeContents();
  const openExternal = vi.fn();
  const loadInternal = vi.fn();
  installNavigationGuard(fake.contents, { uiOrigin: ORIGIN, openExternal, loadInternal });
  return { ...fake, openExternal, loadInternal };
}

describe('installNavigationGuard', () => {
  it.each(['will-navigate', 'will-redirect'] as const)('When %s stays on the UI origin, Then it proceeds', (event) => {
    const { navigate, openExternal } = setup();
    const e = navigate(event, `${ORIGIN}/ui/sessions`);
    expect(e.preventDefault).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each(['will-navigate', 'will-redirect'] as const)('When %s leaves for an https site, Then it is denied and opened in the system browser', (event) => {
    const { navigate, openExternal } = setup();
    const e = navigate(event, 'https://auth0.com/docs');
    expect(e.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://auth0.com/docs');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'http://127.0.0.1:9999/', 'data:text/html,x'])(
    'When navigating to %s, Then it is denied and nothing is opened outside unless http(s)',
    (url) => {
      const { navigate, openExternal } = setup();
      const e = navigate('will-navigate', url);
      expect(e.preventDefault).toHaveBeenCalled();
      if (url.startsWith('http')) expect(openExternal).toHaveBeenCalledWith(url.endsWith('/') ? url : `${url}/`);
      else expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it('When the page calls window.open for an external site, Then no window is created and the browser opens it', () => {
    const { open, openExternal, loadInternal } = setup();
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(loadInternal).not.toHaveBeenCalled();
  });

  it('When the page opens a UI link in a new window, Then it loads in the existing window instead', () => {
    const { open, openExternal, loadInternal } = setup();
    expect(open(`${ORIGIN}/ui/runs`)).toEqual({ action: 'deny' });
    expect(loadInternal).toHaveBeenCalledWith(`${ORIGIN}/ui/runs`);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('When window.open targets javascript:, Then nothing happens at all', () => {
    const { open, openExternal, loadInternal } = setup();
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(loadInternal).not.toHaveBeenCalled();
  });

  it('When a webview is about to attach, Then it is prevented', () => {
    const { emitter } = setup();
    const e = { preventDefault: vi.fn() };
    emitter.emit('will-attach-webview', e);
    expect(e.preventDefault).toHaveBeenCalled();
  });
});
