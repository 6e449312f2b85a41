import type { CliIo } from './io.js';

// Placeholder while the desk commands are written; replaced in the next commits.
async function notYet(name: string, io: CliIo): Promise<number> {
  io.stderr.write(`rundesk ${name}: not implemented yet\n`);
  return 2;
}

export async function runMint(_argv: string[], io: CliIo): Promise<number> {
  return notYet('mint', io);
}
export async function runInspect(_argv: string[], io: CliIo): Promise<number> {
  return notYet('inspect', io);
}
export async function runKeys(_argv: string[], io: CliIo): Promise<number> {
  return notYet('keys', io);
}
