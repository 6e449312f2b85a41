/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import type { DeskTestServer } from './desk-server';

/**
 * The project's copy of Agno's observability database (traces, spans, memories, evals, metrics,
 * written by Agno's own code), attached to a component-test server as database `obs`.
 */
export const OBS = {
  db: 'obs',
  teamSession: '72e13074-954a-4273-a17c-0e788652c267',
  teamRun: '63294266-39c3-44d2-bf4d-9b6242ec0dea',
  writerRun: 'c4748fa3-92c5-4016-b7aa-cbb5c3aaf81a',
  /** The Writer member's model call: the trace's slowest (4.64 s), 1,093 → 382 tokens. */
  slowestModelSpan: '76410cf2e5b39315',
};

/** `prepare` may change the copy (add rows) before it is attached. */
export async function attachObservabilityDb(server: DeskTestServer, prepare?: (file: string) => void): Promise<void> {
  const file = path.join(server.dataDir, 'agno-observability.db');
  fs.copyFileSync(path.resolve('test/fixtures/agno/agno-observability.db'), file);
  prepare?.(file);
  await server.desk('POST', '/desk/databases', { id: OBS.db, path: file });
}
