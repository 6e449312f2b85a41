import fs from 'node:fs';
import path from 'node:path';
import { DESK_TOKEN_FILE } from '../http/desk-credential.js';
import { startServer } from '../server.js';
import { readServerMarker } from './server-marker.js';

/** An answer of the workbench API. */
export interface DeskAnswer {
  status: number;
  body: any;
}

export type DeskCall = (method: string, route: string, body?: unknown) => Promise<DeskAnswer>;

/** Calls `/desk` on `baseUrl` with the desk token, as the UI does. */
export function deskCaller(baseUrl: string, deskToken: string): DeskCall {
  return async (method, route, body) => {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { 'x-desk-token': deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { detail: text };
    }
    return { status: res.status, body: parsed };
  };
}

/**
 * Runs `work` against the workbench API of this data folder: the running server's when there is
 * one (so it sees the change at once), else a private server started for the call on a free
 * loopback port and stopped after it. Either way the change goes through the same code as the
 * Databases page (checks, `default_database`, atomic writes), never a second copy of it.
 */
export async function withDesk<T>(dataDir: string, env: NodeJS.ProcessEnv, work: (call: DeskCall, live: boolean) => Promise<T>): Promise<T> {
  const marker = readServerMarker(dataDir);
  if (marker) {
    const token = fs.readFileSync(path.join(dataDir, DESK_TOKEN_FILE), 'utf8').trim();
    return work(deskCaller(marker.url, token), true);
  }
  const running = await startServer({ dataDir, host: '127.0.0.1', port: 0, log: false, env });
  try {
    return await work(deskCaller(running.baseUrl, running.deskToken), false);
  } finally {
    await running.stop();
  }
}
