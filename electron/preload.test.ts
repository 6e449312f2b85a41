import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { IPC_CHANNELS, type RundeskBridge } from './bridge-types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = fs.readFileSync(path.join(here, 'preload.cts'), 'utf8');

/** The preload as tsc emits it (`.cts` → CommonJS `.cjs`). */
function emitted(): string {
  return ts.transpileModule(source, {
    fileName: 'preload.cts',
    compilerOptions: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2023, verbatimModuleSyntax: true },
  }).outputText;
}

/** Runs the emitted preload the way Electron's sandbox does: a function of (require, process, exports, module). */
function runPreload() {
  const exposed: Record<string, unknown> = {};
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const required: string[] = [];
  const ipcRenderer = {
    invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: '/data/agents.db' })),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener)),
  };
  const fakeRequire = (id: string) => {
    required.push(id);
    if (id !== 'electron') throw new Error(`a sandboxed preload cannot require ${id}`);
    return { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) }, ipcRenderer };
  };
  const exportsObj = {};
  const wrapper = vm.runInNewContext(`(function (require, process, exports, module) {\n${emitted()}\n})`, {});
  wrapper(fakeRequire, {}, exportsObj, { exports: exportsObj });
  const emit = (channel: string, ...args: unknown[]) => listeners.get(channel)?.forEach((l) => l(...args));
  return { bridge: exposed.rundesk as RundeskBridge, required, ipcRenderer, emit, exposed };
}

describe('preload', () => {
  it('emits plain CommonJS that requires only electron', () => {
    const code = emitted();
    expect([...code.matchAll(/require\((['"])(.+?)\1\)/g)].map((m) => m[2])).toEqual(['electron']);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toContain('import(');
  });

  it('exposes exactly one object, window.rundesk, with one named method per message', () => {
    const { bridge, exposed, required } = runPreload();
    expect(Object.keys(exposed)).toEqual(['rundesk']);
    expect(required).toEqual(['electron']);
    expect(Object.keys(bridge).sort()).toEqual(['chooseFile', 'isDesktop', 'onDatabasesChanged', 'onKeysChanged']);
    expect(bridge.isDesktop).toBe(true);
  });

  it('chooseFile invokes dialog:choose-file and unwraps the result', async () => {
    const { bridge, ipcRenderer } = runPreload();
    await expect(bridge.chooseFile({ title: 'Attach' })).resolves.toBe('/data/agents.db');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(IPC_CHANNELS.chooseFile, { title: 'Attach' });
  });

  it('chooseFile turns an error reply into a rejection carrying the code', async () => {
    const { bridge, ipcRenderer } = runPreload();
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: { type: 'IpcError', code: 'ERR_IPC_INVALID_ARGUMENT', message: 'title must be a string' } });
    await expect(bridge.chooseFile({ title: 42 as unknown as string })).rejects.toThrow('ERR_IPC_INVALID_ARGUMENT: title must be a string');
  });

  it.each([
    ['onDatabasesChanged', IPC_CHANNELS.databasesChanged],
    ['onKeysChanged', IPC_CHANNELS.keysChanged],
  ] as const)('%s subscribes to %s without leaking the IPC event, and unsubscribes', (method, channel) => {
    const { bridge, emit } = runPreload();
    const listener = vi.fn();
    const off = bridge[method](listener);
    emit(channel, { sender: 'ipc-event-with-sender' }, 'extra');
    expect(listener).toHaveBeenCalledExactlyOnceWith();
    off();
    emit(channel, {});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('uses the channel names of bridge-types', () => {
    for (const channel of Object.values(IPC_CHANNELS)) expect(source).toContain(`'${channel}'`);
    for (const channel of Object.values(IPC_CHANNELS)) expect(channel).toMatch(/^(main|[a-z]+):[a-z]+(-[a-z]+)*$/);
  });

  it('the bridge contract has the shape the renderer relies on (compile-time)', () => {
    expectTypeOf<RundeskBridge['chooseFile']>().returns.toEqualTypeOf<Promise<string | null>>();
    expectTypeOf<RundeskBridge['onDatabasesChanged']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<RundeskBridge['isDesktop']>().toEqualTypeOf<true>();
  });
});
