import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/atomic-write.js';

/**
 * `<data-dir>/server.json`: where `rundesk serve` is listening for this data folder, so the CLI's
 * curl lines name the real port and `mint` can tell when no server will trust its keys. Written
 * when serving starts, removed on a clean stop; a marker left by a killed server is ignored
 * because its process is gone.
 */
export const SERVER_MARKER_FILE = 'server.json';

const MarkerSchema = z.object({ url: z.string().url(), pid: z.number().int().positive() });
export type ServerMarker = z.infer<typeof MarkerSchema>;

export function writeServerMarker(dataDir: string, marker: ServerMarker): void {
  writeFileAtomic(path.join(dataDir, SERVER_MARKER_FILE), `${JSON.stringify(marker)}\n`);
}

/** Removes the marker if it is ours (another server may have taken the folder over since). */
export function removeServerMarker(dataDir: string, pid: number = process.pid): void {
  const marker = readMarkerFile(dataDir);
  if (marker?.pid === pid) fs.rmSync(path.join(dataDir, SERVER_MARKER_FILE), { force: true });
}

/** The live server of this data folder, or null (no marker, unreadable, or its process is gone). */
export function readServerMarker(dataDir: string, isAlive: (pid: number) => boolean = processIsAlive): ServerMarker | null {
  const marker = readMarkerFile(dataDir);
  return marker !== null && isAlive(marker.pid) ? marker : null;
}

function readMarkerFile(dataDir: string): ServerMarker | null {
  try {
    const parsed = MarkerSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_MARKER_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
