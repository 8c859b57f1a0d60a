/**
 * Effect edge: esbuild's service process, which every esbuild call of this
 * process shares (the client bundle through rollup-plugin-esbuild, the
 * islands, the site's components). The client bundle stops it when done: it
 * holds 100 MB or more until exit, and starts again by itself on the next
 * call. Stopping it while another call is pending would leave that call
 * unanswered (rollup then ends with "Unexpected early exit"), so the calls
 * are counted and the service stops only when none is left.
 */

import type { BuildOptions, BuildResult, SameShape } from 'esbuild';

let inFlight = 0;

/** Runs `work`, which calls esbuild, counted as using the service. */
export async function usingEsbuild<T>(work: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
  }
}

/** Stops esbuild's service, unless a counted call still uses it. */
export async function stopEsbuildWhenIdle(): Promise<void> {
  if (inFlight === 0) await (await import('esbuild')).stop();
}

/** esbuild's `build`, counted (`usingEsbuild`). */
export async function build<T extends BuildOptions>(options: SameShape<BuildOptions, T>): Promise<BuildResult<T>> {
  const esbuild = await import('esbuild');
  return usingEsbuild(() => esbuild.build(options));
}
