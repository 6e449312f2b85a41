/** Types for electron-native.mjs (plain JavaScript: it runs from postinstall). */
export declare const SKIP_LINE: string;
export declare const OUT_DIR: string;
export declare const BINDING_FILE: string;
export declare const STAMP_FILE: string;
export declare const ELECTRON_HEADERS_URL: string;

export interface NativeStamp {
  electron: string;
  betterSqlite3: string;
  platform: string;
  arch: string;
}

export declare function installedElectronVersion(root: string): string | null;
export declare function expectedStamp(input: { electronVersion: string; betterSqlite3Version: string; platform: string; arch: string }): NativeStamp;
export declare function isUpToDate(stamp: unknown, expected: NativeStamp, bindingExists: boolean): boolean;
export declare function buildAttempts(input: {
  electronVersion: string;
  arch: string;
  platform: string;
  prebuildInstall: string | null;
  nodeGyp: string | null;
  devDir: string;
}): { name: string; command: string; args: string[] }[];
export declare function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function run(argv?: string[], env?: NodeJS.ProcessEnv): number;
