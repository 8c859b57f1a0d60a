/**
 * The files an esbuild build of site code read, from its metafile: what a
 * result made of that code depends on (pipeline/io/site-code-replay.ts).
 * A module a plugin makes up (a namespace of its own: `docusaurus:clsx`,
 * `island-wrap:…`) is no file; what it stands for is the generator's, which
 * the generator's key covers.
 */
import path from 'node:path';
import type { Metafile } from 'esbuild';

/** The metafile's inputs as absolute paths, files only. `workingDir` is the build's `absWorkingDir`. */
export function bundleInputs(metafile: Metafile | undefined, workingDir: string): string[] {
  if (!metafile) return [];
  return Object.keys(metafile.inputs).filter((input) => !/^[\w-]+:/.test(input)).map((input) => path.resolve(workingDir, input));
}
