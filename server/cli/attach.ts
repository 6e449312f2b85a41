import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveDataDirArg } from './data-dir-arg.js';
import { withDesk, type DeskAnswer, type DeskCall } from './desk-call.js';
import type { CliIo } from './io.js';
import { exitCodeOfAnswer } from './exit-codes.js';
import { exitCodeOf } from '../error-table.js';
import { AppError } from '../errors.js';

export const ATTACH_USAGE = `Usage: rundesk attach FILE [--id ID] [--writable] [--session-table T] [--data-dir DIR]

Attaches an SQLite file your Agno agent writes (its SqliteDb) to rundesk's data folder: to the
running server of that folder at once, else to its settings for the next \`rundesk serve\`.
Attaching again the same file is fine. While the built-in database holds no sessions, the file
becomes the database that answers requests without db_id (default_database).

  --id ID              the db_id clients use (default: from the file name)
  --writable           let rundesk write runs into it (default: read-only, never modified)
  --read-only          the default, said out loud
  --session-table T    the session table to use (default agno_sessions, else the first found)
  --data-dir DIR       data folder (default: $RUNDESK_DATA_DIR or the platform's)`;

export interface AttachRequest {
  file: string;
  id?: string | undefined;
  readOnly: boolean;
  sessionTable?: string | undefined;
}

/**
 * Attaches one file through the workbench API. The same file attached before is a success
 * (pasting a snippet twice must work); its id is reported. Returns the exit code and the lines
 * to print.
 */
export async function attachThroughDesk(call: DeskCall, request: AttachRequest): Promise<{ code: number; out: string[]; err: string[] }> {
  const file = path.resolve(request.file);
  const listed = await call('GET', '/desk/databases');
  const same = (listed.body?.databases ?? []).find((d: { path: string }) => path.resolve(d.path) === file);
  if (same) return { code: 0, out: [`${file} is already attached as ${same.id}`, answeringLine(listed)], err: [] };
  const answer = await call('POST', '/desk/databases', {
    path: file,
    read_only: request.readOnly,
    ...(request.id !== undefined ? { id: request.id } : {}),
    ...(request.sessionTable !== undefined ? { session_table: request.sessionTable } : {}),
  });
  if (answer.status !== 201) return { code: exitCodeOfAnswer(answer), out: [], err: [oneLine(answer)] };
  const after = await call('GET', '/desk/databases');
  const mode = answer.body.read_only ? 'read-only' : 'writable';
  return { code: 0, out: [`attached ${file} as ${answer.body.id} (${mode}, ${answer.body.sessions} sessions)`, answeringLine(after)], err: [] };
}

function answeringLine(listing: DeskAnswer): string {
  const answering = (listing.body?.databases ?? []).find((d: { answers_without_db_id: boolean }) => d.answers_without_db_id);
  return answering ? `requests without db_id are answered by ${answering.id}` : 'requests without db_id: the answering database is being decided';
}

function oneLine(answer: DeskAnswer): string {
  const detail = typeof answer.body?.detail === 'string' ? answer.body.detail : `HTTP ${answer.status}`;
  return detail.replace(/\s*\n\s*/g, ' ');
}

/** `rundesk attach FILE`. */
export async function runAttach(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        id: { type: 'string' },
        writable: { type: 'boolean' },
        'read-only': { type: 'boolean' },
        'session-table': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    io.stderr.write(`rundesk attach: ${(err as Error).message.split('\n')[0]}\n${ATTACH_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${ATTACH_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    io.stderr.write(`rundesk attach: give exactly one FILE\n${ATTACH_USAGE}\n`);
    return 2;
  }
  if (values.writable && values['read-only']) {
    io.stderr.write('rundesk attach: --writable and --read-only contradict each other\n');
    return 2;
  }
  const dir = resolveDataDirArg(values['data-dir'], io.env);
  if ('refused' in dir) {
    io.stderr.write(`rundesk attach: ${dir.refused}\n`);
    return 2;
  }
  try {
    const result = await withDesk(dir.dataDir, io.env, async (call, live) => {
      const r = await attachThroughDesk(call, {
        file: positionals[0]!,
        id: values.id,
        readOnly: !values.writable,
        sessionTable: values['session-table'],
      });
      if (r.code === 0 && !live) r.out.push(`saved in ${path.join(dir.dataDir, 'settings.json')}; the next rundesk serve of this data folder opens it`);
      return r;
    });
    for (const line of result.out) io.stdout.write(`${line}\n`);
    for (const line of result.err) io.stderr.write(`rundesk attach: ${line}\n`);
    return result.code;
  } catch (err) {
    if (err instanceof AppError) {
      io.stderr.write(`rundesk attach: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
      return exitCodeOf(err);
    }
    throw err;
  }
}
