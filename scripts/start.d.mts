/** Types for start.mjs (plain JavaScript: it runs before anything is compiled). */
export declare const ELECTRON_MISSING_LINE: string;
export declare const ELECTRON_DISABLED_LINE: string;
export declare const NATIVE_FAILED_LINE: string;
export declare const SOURCE_DIRS: string[];
export declare const SOURCE_FILES: string[];
export declare const BUILD_OUTPUTS: string[];
export declare const CLI_ENTRY: string;

export type ElectronLookup =
  | { kind: 'present'; binary: string }
  | { kind: 'missing'; line: string }
  | { kind: 'disabled'; line: string };

export declare function findElectron(deps: {
  env: NodeJS.ProcessEnv;
  loadElectron: () => unknown;
  exists: (file: string) => boolean;
}): ElectronLookup;
export declare function newestSource(root: string): { mtimeMs: number; file: string | null };
export declare function buildStatus(root: string): { stale: boolean; reason: string };
export declare function npmCommand(env: NodeJS.ProcessEnv, platform?: string): { command: string; args: string[]; shell: boolean };
export declare function headlessCommand(root: string, extraArgs: string[]): { command: string; args: string[] };
export declare function electronEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare const SERVE_OPTIONS: string[];
export declare function npmTookOptions(env: NodeJS.ProcessEnv): string | null;
