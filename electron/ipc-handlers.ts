/** IPC handlers as pure async functions: validated input in, `IpcResult` out. */
import path from 'node:path';
import type { ChooseFileOptions, IpcResult } from './bridge-types.js';
import { chosenPath, isTrustedSender, parseChooseFileOptions } from './ipc-validate.js';

export interface OpenDialogResult {
  canceled: boolean;
  filePaths: string[];
}

export type ShowOpenDialog = (options: ChooseFileOptions & { properties: ['openFile'] }) => Promise<OpenDialogResult>;

/** `dialog:choose-file`. */
export async function handleChooseFile(
  input: { frameUrl: unknown; options: unknown; uiOrigin: string },
  showOpenDialog: ShowOpenDialog,
): Promise<IpcResult<string | null>> {
  if (!isTrustedSender(input.frameUrl, input.uiOrigin)) {
    return { ok: false, error: { type: 'IpcError', code: 'ERR_IPC_UNTRUSTED_SENDER', message: 'IPC is only accepted from the rundesk UI' } };
  }
  const parsed = parseChooseFileOptions(input.options);
  if (!parsed.ok) return parsed;
  try {
    const result = await showOpenDialog({ ...parsed.value, properties: ['openFile'] });
    return { ok: true, value: chosenPath(result, path.isAbsolute) };
  } catch (err) {
    return { ok: false, error: { type: 'IpcError', code: 'ERR_IPC_FAILED', message: err instanceof Error ? err.message : String(err) } };
  }
}
