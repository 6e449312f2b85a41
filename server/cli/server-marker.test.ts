import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../testing/temp-dir.js';
import { SERVER_MARKER_FILE, readServerMarker, removeServerMarker, writeServerMarker } from './server-marker.js';

const dirs = tempDirs('rundesk-marker-');
afterAll(() => dirs.cleanup());

describe('server marker', () => {
  it('When the process that wrote the marker is gone, Then no server is reported', () => {
    const dir = dirs.make();
    writeServerMarker(dir, { url: 'http://127.0.0.1:7001', pid: 4242 });
    expect(readServerMarker(dir, () => true)).toEqual({ url: 'http://127.0.0.1:7001', pid: 4242 });
    expect(readServerMarker(dir, () => false)).toBeNull();
  });

  it('When the marker is unreadable or not ours, Then it is ignored and not removed', () => {
    const dir = dirs.make();
    fs.writeFileSync(path.join(dir, SERVER_MARKER_FILE), '{"url": 7');
    expect(readServerMarker(dir, () => true)).toBeNull();
    writeServerMarker(dir, { url: 'http://127.0.0.1:7001', pid: 4242 });
    removeServerMarker(dir, 99999);
    expect(fs.existsSync(path.join(dir, SERVER_MARKER_FILE))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([SERVER_MARKER_FILE]);
  });
});
