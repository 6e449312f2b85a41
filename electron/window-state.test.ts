import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clampToDisplays, DEFAULT_WINDOW_STATE, loadWindowState, parseWindowState, saveWindowState } from './window-state.js';

const PRIMARY = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('parseWindowState', () => {
  it('keeps a well-formed state', () => {
    expect(parseWindowState({ x: 5, y: 6, width: 1000, height: 700, maximized: true })).toEqual({ x: 5, y: 6, width: 1000, height: 700, maximized: true });
  });

  it.each([
    [null],
    ['{"width": 10}'],
    [[1, 2]],
    [{ width: 'wide', height: 700 }],
    [{ width: Number.NaN, height: 700 }],
    [{ width: Infinity, height: 700 }],
    [{ width: -5, height: 700 }],
    [{ width: 1e9, height: 700 }],
  ])('When the file holds %j, Then the defaults are used', (value) => {
    expect(parseWindowState(value)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('drops a half position and a non-boolean maximized', () => {
    expect(parseWindowState({ x: 5, width: 1000, height: 700, maximized: 'yes' })).toEqual({ width: 1000, height: 700, maximized: false });
  });
});

describe('clampToDisplays', () => {
  it('When the window is on a display, Then it stays where it was', () => {
    expect(clampToDisplays({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, [PRIMARY, RIGHT])).toEqual({ x: 100, y: 50, width: 1200, height: 800, maximized: false });
  });

  it('When the window was on a monitor that is gone, Then it is re-centred on the primary', () => {
    expect(clampToDisplays({ x: 2500, y: 100, width: 2000, height: 1200, maximized: true }, [PRIMARY])).toEqual({ width: 1920, height: 1040, maximized: true });
  });

  it('When the window hangs off the edge, Then it is pulled back inside the display it is mostly on', () => {
    expect(clampToDisplays({ x: 1800, y: -300, width: 1000, height: 800, maximized: false }, [PRIMARY, RIGHT])).toMatchObject({ x: 1920, y: 0, width: 1000, height: 800 });
  });

  it('When only a sliver is visible, Then it is re-centred', () => {
    expect(clampToDisplays({ x: 1900, y: 1030, width: 800, height: 600, maximized: false }, [PRIMARY])).toEqual({ width: 800, height: 600, maximized: false });
  });

  it('When the window is too small or too large, Then it is fitted between the minimum and the work area', () => {
    expect(clampToDisplays({ width: 100, height: 50, maximized: false }, [PRIMARY])).toEqual({ width: 720, height: 480, maximized: false });
    expect(clampToDisplays({ width: 5000, height: 5000, maximized: false }, [PRIMARY])).toEqual({ width: 1920, height: 1040, maximized: false });
  });

  it('When the display is smaller than the minimum, Then the display wins', () => {
    expect(clampToDisplays({ width: 1000, height: 800, maximized: false }, [{ x: 0, y: 0, width: 640, height: 400 }])).toEqual({ width: 640, height: 400, maximized: false });
  });

  it('When no display is known, Then the position is dropped', () => {
    expect(clampToDisplays({ x: 1, y: 2, width: 900, height: 700, maximized: false }, [])).toEqual({ width: 900, height: 700, maximized: false });
  });
});

describe('loadWindowState / saveWindowState', () => {
  it('round-trips through a file, atomically', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-ws-'));
    const file = path.join(dir, 'window-state.json');
    try {
      saveWindowState(file, { x: 3, y: 4, width: 1100, height: 750, maximized: false }, fs);
      expect(fs.existsSync(`${file}.tmp`)).toBe(false);
      expect(loadWindowState(file, (f) => fs.readFileSync(f, 'utf8'))).toEqual({ x: 3, y: 4, width: 1100, height: 750, maximized: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('When the file is missing or corrupt, Then the defaults are used', () => {
    expect(loadWindowState('/nonexistent/window-state.json', (f) => fs.readFileSync(f, 'utf8'))).toEqual(DEFAULT_WINDOW_STATE);
    expect(loadWindowState('x', () => '{not json')).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('When the profile is read-only, Then saving fails silently', () => {
    expect(() =>
      saveWindowState('/x', DEFAULT_WINDOW_STATE, {
        writeFileSync: () => {
          throw new Error('EROFS');
        },
        renameSync: () => undefined,
      }),
    ).not.toThrow();
  });
});
