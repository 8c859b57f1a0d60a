/**
 * Effect edge: a worker thread (workers/markdown-worker.ts) that makes the
 * markdown of a large site's pages beside the main thread. In the markdown
 * step of a large build the main thread did the work alone once the highlight
 * threads were done: at 100× our content it took 27 s of wall time for 31 s
 * of CPU, the other core idle. The helper takes any page but one with the
 * site's Markdown plugins (their trees come from the plugin box).
 *
 * The main thread hands the helper a few pages at a time (`window`), each
 * with its tree as the JSON the spill file holds and its highlighted blocks
 * as the JSON the block store holds (the helper loads no shiki), and takes
 * the results in between its own pages, in the stored form (the trees as
 * JSON), into the markdown store as it does its own. The helper runs the
 * same pure `renderPage` with the same context, so the store holds what the
 * main thread would have made. A page the helper could not make, or did not
 * answer for, the main thread makes itself: a thread that died is seen only
 * by its silence (the main thread's loop is synchronous), after `patience`.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { MarkdownContext, MarkdownInput } from '../stages/markdown.ts';
import type { StoredResult } from './compact-contents.ts';
import { startWorker } from './workers/worker.ts';

/** What the helper renders with: the build's markdown context, as data (no highlighter; assets without their bytes; the drawn diagrams). */
export type HelperContext = Pick<MarkdownContext, 'permalinks' | 'drafts' | 'unbuilt' | 'assets' | 'diagrams' | 'mdx' | 'partials'>;

/** One page for the helper: its input with the tree as JSON, and how its file is shown in a problem. */
export interface HelperJob {
  readonly id: number;
  readonly input: Omit<MarkdownInput, 'tree'>;
  readonly tree: string;
  readonly display: string;
  /**
   * Its highlighted blocks, by the key the markdown stage asks for them
   * (`highlightKey` of the fence with its language settled), as hast JSON,
   * with the languages shiki loaded; none for a page without such blocks.
   */
  readonly code: { readonly languages: ReadonlyArray<string>; readonly blocks: ReadonlyArray<readonly [string, string]> } | null;
}

/** The helper's answer for one page: its result in the stored form, or why it could not make it. */
export type HelperReply = { readonly id: number; readonly stored: StoredResult } | { readonly id: number; readonly failed: string };

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled markdown-worker.ts. */
declare const MARKDOWN_WORKER: string | undefined;

/** How many pages the helper may have at once: enough that it never waits for the main thread, few enough to hold little. */
const window = 8;

/** How long the main thread waits for an answer before it makes the helper's pages itself (a page takes milliseconds). */
const defaultPatience = 60_000;

/** The context without what cannot or need not cross to another thread. */
export const helperContext = (ctx: MarkdownContext): HelperContext => ({
  permalinks: ctx.permalinks, drafts: ctx.drafts, ...(ctx.unbuilt ? { unbuilt: ctx.unbuilt } : {}), diagrams: ctx.diagrams,
  ...(ctx.mdx ? { mdx: ctx.mdx } : {}), ...(ctx.partials ? { partials: ctx.partials } : {}),
  // The markdown stage reads an asset's URL and size, never its bytes (a site's images, at 100× hundreds of MB).
  assets: new Map([...ctx.assets].map(([key, asset]) => [key, { ...asset, bytes: new Uint8Array(0) }])),
});

export class MarkdownHelper<T> {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  /** [answers posted]: the worker raises it after each answer. */
  private readonly answers = new Int32Array(new SharedArrayBuffer(4));
  private counted = 0;
  private readonly given = new Map<number, T>();
  private nextId = 0;
  /** The helper did not answer in time: the rest is the main thread's. */
  private silent = false;
  /** Pages the helper made (`made`, for the build's stats). */
  private answered = 0;

  constructor(ctx: HelperContext, private readonly patience = defaultPatience) {
    const { port1, port2 } = new MessageChannel();
    this.worker = startWorker(typeof MARKDOWN_WORKER === 'string' ? MARKDOWN_WORKER : undefined, new URL('./workers/markdown-worker.ts', import.meta.url), {
      workerData: { ctx, port: port2, signal: this.answers.buffer },
      transferList: [port2],
    });
    // It lives only for the markdown step, and must never keep the process alive.
    this.worker.unref();
    // A thread that fails stops answering; the main thread then makes its pages (`wait`).
    this.worker.on('error', () => {});
    this.port = port1;
  }

  /** How many pages the helper made. */
  get made(): number {
    return this.answered;
  }

  /** Whether the helper takes another page now. */
  get room(): boolean {
    return !this.silent && this.given.size < window;
  }

  /** Whether pages given to the helper are still unanswered. */
  get busy(): boolean {
    return this.given.size > 0;
  }

  /** Hands the helper `page` (the caller's own handle on it) as `job`. */
  give(page: T, job: Omit<HelperJob, 'id'>): void {
    const id = this.nextId++;
    this.given.set(id, page);
    this.port.postMessage({ ...job, id } satisfies HelperJob);
  }

  /** The answers that came in since the last look, each with the page it is for; a failed one carries no result. */
  take(): Array<{ readonly page: T; readonly stored: StoredResult | null }> {
    if (Atomics.load(this.answers, 0) === this.counted) return [];
    this.counted = Atomics.load(this.answers, 0);
    const answered: Array<{ page: T; stored: StoredResult | null }> = [];
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const reply = m.message as HelperReply;
      const page = this.given.get(reply.id);
      if (page === undefined) continue;
      this.given.delete(reply.id);
      if ('stored' in reply) this.answered++;
      answered.push({ page, stored: 'stored' in reply ? reply.stored : null });
    }
    return answered;
  }

  /**
   * Sleeps until the helper answers again. Should it stay silent, it gets no
   * more pages, and the pages it has are given back (with no result) for the
   * main thread to make.
   */
  wait(): Array<{ readonly page: T; readonly stored: StoredResult | null }> {
    if (Atomics.wait(this.answers, 0, this.counted, this.patience) === 'timed-out') {
      this.silent = true;
      const back = [...this.given.values()].map((page) => ({ page, stored: null }));
      this.given.clear();
      return back;
    }
    return this.take();
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
