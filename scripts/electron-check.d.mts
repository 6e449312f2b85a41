/** Types for electron-check.mjs (plain JavaScript, like start.mjs). */
export declare const ELECTRON_CHECK_MISSING: string;
export declare function electronCheck(deps: {
  env: NodeJS.ProcessEnv;
  loadElectron: () => unknown;
  exists: (file: string) => boolean;
  version: (binary: string) => string | null;
}): { code: number; line: string };
