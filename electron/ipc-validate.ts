/**
 * Validators for IPC arguments. The renderer shows local data and could be tricked into calling
 * the bridge with anything, so every argument is `unknown` until one of these accepts it.
 */
import type { ChooseFileOptions, FileFilter, IpcResult } from './bridge-types.js';
import { isInternalUrl } from './security.js';

const MAX_TITLE = 200;
const MAX_FILTERS = 10;
const MAX_EXTENSIONS = 20;
const EXTENSION = /^(\*|[A-Za-z0-9][A-Za-z0-9_-]{0,15})$/;

export function invalidArgument(message: string): IpcResult<never> {
  return { ok: false, error: { type: 'IpcError', code: 'ERR_IPC_INVALID_ARGUMENT', message } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): string | null {
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  return extra.length ? `${where}: unknown key "${extra[0]}"` : null;
}

function parseFilter(value: unknown, index: number): FileFilter | string {
  const where = `filters[${index}]`;
  if (!isPlainObject(value)) return `${where} must be an object`;
  const bad = checkKeys(value, ['name', 'extensions'], where);
  if (bad) return bad;
  const { name, extensions } = value;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_TITLE) {
    return `${where}.name must be a non-empty string of at most ${MAX_TITLE} characters`;
  }
  if (!Array.isArray(extensions) || extensions.length === 0 || extensions.length > MAX_EXTENSIONS) {
    return `${where}.extensions must be an array of 1 to ${MAX_EXTENSIONS} extensions`;
  }
  for (const ext of extensions) {
    if (typeof ext !== 'string' || !EXTENSION.test(ext)) {
      return `${where}.extensions: ${JSON.stringify(ext)} is not an extension like "db" (no dots) or "*"`;
    }
  }
  return { name, extensions: [...(extensions as string[])] };
}

/** `dialog:choose-file`'s argument: `{ title?, filters? }` (or nothing), copied into fresh objects. */
export function parseChooseFileOptions(value: unknown): IpcResult<ChooseFileOptions> {
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (!isPlainObject(value)) return invalidArgument('options must be an object');
  const bad = checkKeys(value, ['title', 'filters'], 'options');
  if (bad) return invalidArgument(bad);
  const out: ChooseFileOptions = {};
  if (value.title !== undefined) {
    if (typeof value.title !== 'string' || value.title.length > MAX_TITLE) {
      return invalidArgument(`title must be a string of at most ${MAX_TITLE} characters`);
    }
    out.title = value.title;
  }
  if (value.filters !== undefined) {
    if (!Array.isArray(value.filters) || value.filters.length > MAX_FILTERS) {
      return invalidArgument(`filters must be an array of at most ${MAX_FILTERS} filters`);
    }
    const filters: FileFilter[] = [];
    for (const [i, f] of value.filters.entries()) {
      const parsed = parseFilter(f, i);
      if (typeof parsed === 'string') return invalidArgument(parsed);
      filters.push(parsed);
    }
    out.filters = filters;
  }
  return { ok: true, value: out };
}

/** IPC is accepted only from frames showing the UI origin (not from a navigated-away page). */
export function isTrustedSender(frameUrl: unknown, uiOrigin: string): boolean {
  return isInternalUrl(frameUrl, uiOrigin);
}

/** The dialog's answer as the bridge returns it: one absolute path, or `null` when cancelled. */
export function chosenPath(result: { canceled: boolean; filePaths: readonly string[] }, isAbsolute: (p: string) => boolean): string | null {
  const first = result.filePaths[0];
  if (result.canceled || typeof first !== 'string' || !isAbsolute(first)) return null;
  return first;
}
