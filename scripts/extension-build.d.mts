// Types of extension-build.mjs, for the TypeScript that imports it (test/unit/extension-build.test.ts).
export interface Target {
  browser: string;
  name: string;
  out: string;
  load: string;
}
export declare const SOURCES: string[];
export declare const TARGETS: Target[];
export declare function newestSource(root: string, paths?: string[]): { file: string; mtimeMs: number } | null;
export declare function staleness(
  root: string,
  outDir: string,
  paths?: string[],
): { reason: 'missing' | 'stale'; file?: string } | null;
export declare function loadInstructions(root: string, targets?: Target[]): string;
export declare function ensure(
  root?: string,
  options?: { force?: boolean; log?: (line: string) => void },
): { built: string[]; failed?: string[]; skipped?: string };
