/**
 * The window's size and position, remembered in `<userData>/window-state.json`. Whatever is in
 * the file is validated, and the result is clamped to the displays connected now, so a window
 * last seen on an unplugged monitor comes back on screen.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the OS centre the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: Readonly<WindowState> = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW_SIZE = { width: 720, height: 480 } as const;
export const WINDOW_STATE_FILE = 'window-state.json';
const MAX_COORD = 100_000;

const inRange = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** Keeps only well-formed fields of a parsed file; anything else falls back to the defaults. */
export function parseWindowState(value: unknown): WindowState {
  const state: WindowState = { ...DEFAULT_WINDOW_STATE };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return state;
  const v = value as Record<string, unknown>;
  if (inRange(v.width, 1, MAX_COORD) && inRange(v.height, 1, MAX_COORD)) {
    state.width = Math.round(v.width);
    state.height = Math.round(v.height);
  }
  if (inRange(v.x, -MAX_COORD, MAX_COORD) && inRange(v.y, -MAX_COORD, MAX_COORD)) {
    state.x = Math.round(v.x);
    state.y = Math.round(v.y);
  }
  if (typeof v.maximized === 'boolean') state.maximized = v.maximized;
  return state;
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

const clampSize = (size: number, min: number, max: number): number => Math.min(Math.max(size, Math.min(min, max)), max);

/**
 * Fits `state` to the displays' work areas (first = primary). A window whose title bar would not
 * be reachable (less than 100×40 px on any display) loses its position and is re-centred.
 */
export function clampToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0];
  if (!primary) {
    return { width: state.width, height: state.height, maximized: state.maximized };
  }
  let target: Rect | undefined;
  if (state.x !== undefined && state.y !== undefined) {
    const rect = { x: state.x, y: state.y, width: state.width, height: state.height };
    let best = 0;
    for (const area of workAreas) {
      const o = overlap(rect, area);
      if (o.width >= 100 && o.height >= 40 && o.width * o.height > best) {
        best = o.width * o.height;
        target = area;
      }
    }
  }
  const area = target ?? primary;
  const width = clampSize(state.width, MIN_WINDOW_SIZE.width, area.width);
  const height = clampSize(state.height, MIN_WINDOW_SIZE.height, area.height);
  if (!target || state.x === undefined || state.y === undefined) {
    return { width, height, maximized: state.maximized };
  }
  const x = Math.min(Math.max(state.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(state.y, area.y), area.y + area.height - height);
  return { x, y, width, height, maximized: state.maximized };
}

/** Reads and validates the file; a missing or corrupt file gives the defaults. */
export function loadWindowState(file: string, readFile: (file: string) => string): WindowState {
  try {
    return parseWindowState(JSON.parse(readFile(file)));
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
}

/** Writes atomically (temp file, then rename); failures are ignored — it is only a preference. */
export function saveWindowState(
  file: string,
  state: WindowState,
  fs: { writeFileSync(file: string, data: string): void; renameSync(from: string, to: string): void },
): void {
  const data = JSON.stringify(parseWindowState(state), null, 2);
  try {
    fs.writeFileSync(`${file}.tmp`, data);
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // A read-only profile must not stop the app from quitting.
  }
}
