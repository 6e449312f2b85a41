/** Types for parallel.mjs (plain JavaScript: it runs the build, before anything is compiled). */
export declare function runParallel(
  scripts: string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; write?: (text: string) => void },
): Promise<number>;
