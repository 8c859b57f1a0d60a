/**
 * Effect edge: a worker thread (workers/parse-worker.ts) that parses Markdown
 * bodies beside the main thread in a cold build. Parsing is most of the
 * "parse and validate" step, and the other core is otherwise idle then. Both
 * threads take the next body from one shared counter, so neither waits for a
 * slow file of the other, and the thread may join late (once Chromium, which
 * has the other core first, is done); the worker's trees come back by
 * structured clone, which costs 3 to 4 % of parsing them.
 *
 * The worker runs the same pure parser on the same text, and its trees go
 * into the tree store under the same key as the main thread's would: the
 * stage finds in the store exactly what it would compute (a tree read back
 * from trees.json in a warm build has gone through JSON, which keeps less
 * than a structured clone). Should the worker fail or refuse a body, that body
 * is simply not in the store, and the parse stage parses it.
 */
import type { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import os from 'node:os';
import type { MarkdownFormat } from '../types.ts';
import { startWorker } from './workers/worker.ts';

/** A body to parse, in the format its file is read in. */
export interface ParseJob {
  readonly body: string;
  readonly format: MarkdownFormat;
}

/** What the worker posts: a tree, a body the parser refused, or `'done'` when no body is left. */
export type ParseReply = { index: number; tree: Root } | { index: number; failed: true } | 'done';

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled parse-worker.ts. */
declare const PARSE_WORKER: string | undefined;

/**
 * Below this much text left a worker costs more than it saves: loading the
 * parser in a thread takes 0.1 to 0.2 s of CPU, its JIT warms up again, and
 * parsing runs at about 1 ms per KiB.
 */
export const helperThreshold = 256 * 1024;

/** Whether a worker pays for itself for these jobs (and there is a core for it). */
export const worthHelping = (jobs: ReadonlyArray<ParseJob>, cores = os.availableParallelism()): boolean =>
  cores > 1 && jobs.reduce((sum, job) => sum + job.body.length, 0) >= helperThreshold;

/** The jobs both threads take from; the worker starts only when `join` finds enough left. */
export class ParseHelper {
  /** The index of the next job to take, shared by both threads. */
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | null = null;
  private readonly trees = new Map<number, Root>();
  private finished: Promise<void> = Promise.resolve();

  constructor(private readonly jobs: ReadonlyArray<ParseJob>) {}

  /** Starts the worker on the jobs not taken yet, when they are worth it; at most once. Says whether it started. */
  join(cores = os.availableParallelism()): boolean {
    if (this.worker) return false;
    const left = this.jobs.slice(Math.min(Atomics.load(this.next, 0), this.jobs.length));
    if (!worthHelping(left, cores)) return false;
    const worker = startWorker(typeof PARSE_WORKER === 'string' ? PARSE_WORKER : undefined, new URL('./workers/parse-worker.ts', import.meta.url), {
      workerData: { jobs: this.jobs.map(({ body, format }) => ({ body, format })), shared: this.next.buffer },
    });
    // A build that stops early must not wait for it.
    worker.unref();
    this.finished = new Promise<void>((resolve) => {
      worker.on('message', (reply: ParseReply) => {
        if (reply === 'done') resolve();
        else if ('tree' in reply) this.trees.set(reply.index, reply.tree);
      });
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    });
    this.worker = worker;
    return true;
  }

  /** The next job for the main thread, or null when every job is taken. */
  take(): number | null {
    const index = Atomics.add(this.next, 0, 1);
    return index < this.jobs.length ? index : null;
  }

  /**
   * Waits until the worker has no job left (it takes the rest, should the
   * main thread not), then stops it. Gives the worker's trees by job index;
   * a job it failed on has none.
   */
  async done(): Promise<ReadonlyMap<number, Root>> {
    await this.finished;
    void this.worker?.terminate();
    return this.trees;
  }

  /** Takes every job left and stops the worker without waiting for it (a build that failed meanwhile). */
  stop(): void {
    Atomics.store(this.next, 0, this.jobs.length);
    void this.worker?.terminate();
  }
}
