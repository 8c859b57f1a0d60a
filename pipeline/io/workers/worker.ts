/**
 * Effect edge: start one of the build's worker threads (mermaid, highlighting,
 * the search index). The compiled CLI (bin/ontwikkelaarsportaal.mjs) passes
 * each worker's compiled module as a file URL; the TypeScript itself (tests)
 * runs the worker's .ts file, and a worker's first module does not go through
 * tsx, so it registers tsx first.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(compiled: string | undefined, source: URL, options: WorkerOptions = {}): Worker {
  if (typeof compiled === 'string') return new Worker(new URL(compiled), options);
  const shim = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(shim, { ...options, eval: true });
}
