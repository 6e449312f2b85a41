import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '../api/desk/data-dir.js';

/**
 * The data folder a command uses: `--data-dir`, else `$RUNDESK_DATA_DIR`, else the platform's
 * per-user folder. A folder the user named (flag or variable) may be created, but only its last
 * level: `serve --data-dir /typo/dir` must not quietly build a whole path and fresh keys nobody
 * trusts. The platform's own folder is created with its parents (`~/.local/share` may be missing
 * on a fresh account). Returns the folder, or a one-line reason to refuse.
 *
 * @example
 * resolveDataDirArg(undefined, { HOME: '/home/ada' }) // { dataDir: '/home/ada/.local/share/rundesk' }
 */
export function resolveDataDirArg(flag: string | undefined, env: NodeJS.ProcessEnv): { dataDir: string } | { refused: string } {
  const named = flag ?? (env.RUNDESK_DATA_DIR || undefined);
  if (named === undefined) return { dataDir: path.resolve(defaultDataDir(env)) };
  const dataDir = path.resolve(named);
  if (fs.existsSync(dataDir)) return { dataDir };
  const parent = path.dirname(dataDir);
  if (fs.existsSync(parent)) return { dataDir };
  const via = flag !== undefined ? '--data-dir' : 'RUNDESK_DATA_DIR';
  return { refused: `data folder ${dataDir} (${via}) does not exist, and neither does ${parent}: check the path, or create it first (mkdir -p ${dataDir})` };
}
