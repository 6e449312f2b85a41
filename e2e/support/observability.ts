import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RundeskServer } from '../fixtures.js';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/agno/agno-observability.db');

/** Agno's observability database (the project's copy), attached to `server` as `id`. */
export async function attachObservability(server: RundeskServer, id = 'obs', prepare?: (file: string) => void): Promise<string> {
  const file = path.join(server.dataDir, `${id}.db`);
  fs.copyFileSync(FIXTURE, file);
  prepare?.(file);
  await server.desk('POST', '/desk/databases', { id, path: file });
  return file;
}

export const OBS = {
  teamSession: '72e13074-954a-4273-a17c-0e788652c267',
  teamRun: '63294266-39c3-44d2-bf4d-9b6242ec0dea',
  writerRun: 'c4748fa3-92c5-4016-b7aa-cbb5c3aaf81a',
  slowestModelSpan: '76410cf2e5b39315',
};
