/**
 * A test file that runs its cases in a worker thread, each with a hard
 * deadline: a case that hangs ends in 'timeout' (the worker is ended and the
 * next case starts a new one) instead of hanging the whole test run. The
 * worker is the test file itself, loaded again through tsx; its worker side
 * answers each case's name with a reply that carries that name.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';

const tsxApi = new URL('../../node_modules/tsx/dist/esm/api/index.mjs', import.meta.url).href;

export interface DeadlineWorker<R extends { readonly name: string }> {
  /** Runs case `name` in the worker: its reply, or 'timeout' after the deadline. */
  run(name: string): Promise<R | 'timeout'>;
  /** Ends the worker, if one runs. */
  close(): Promise<void>;
}

/** Cases of the test file at `moduleUrl` (its `import.meta.url`), each given `deadlineMs`. */
export function deadlineWorker<R extends { readonly name: string }>(moduleUrl: string, deadlineMs: number, resourceLimits?: ResourceLimits): DeadlineWorker<R> {
  let worker: Worker | null = null;
  const start = (): Worker => {
    const shim = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })`;
    const w = new Worker(shim, { eval: true, ...(resourceLimits ? { resourceLimits } : {}) });
    w.unref();
    return w;
  };
  return {
    run(name) {
      const w = (worker ??= start());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => { void w.terminate(); worker = null; resolve('timeout'); }, deadlineMs);
        const onMessage = (m: R) => {
          if (m.name !== name) return;
          clearTimeout(timer);
          w.off('message', onMessage);
          w.off('error', onError);
          resolve(m);
        };
        const onError = (e: Error) => { clearTimeout(timer); worker = null; reject(e); };
        w.on('message', onMessage);
        w.once('error', onError);
        w.postMessage(name);
      });
    },
    async close() {
      await worker?.terminate();
    },
  };
}
