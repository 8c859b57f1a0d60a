/**
 * Effect edge: shiki in worker threads (highlight-worker.ts), behind the same
 * two calls the markdown stage makes of an in-process highlighter.
 *
 * Highlighting needs nothing of the site but the code, and most of its time
 * goes into compiling each grammar at its first block. The threads load shiki
 * once Chromium is done, then highlight every code block ahead of the markdown
 * stage, each taking whole grammars in turn, on the cores the main thread
 * leaves free while it waits. The stage itself is synchronous, so when it asks
 * for a block no thread has answered yet, the main thread sleeps until one has
 * (Atomics.wait on a counter the threads raise with every answer, then
 * receiveMessageOnPort). A block that was not sent ahead is asked for then:
 * the output never depends on guessing right. Closing the threads frees
 * shiki's WebAssembly memory before the pages render.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { Root as HastRoot } from 'hast';
import type { CodeToHastOptions } from 'shiki/core';
import { HighlighterFailure, highlightedLanguage, highlightKey, type Highlighter, type HighlightRequest } from '../../stages/highlight/requests.ts';
import { startWorker } from '../workers/worker.ts';

/** What the main thread sends: the languages to load (once), blocks to do ahead, a block needed now. */
export type HighlightMessage = { languages: ReadonlyArray<string> } | { ahead: ReadonlyArray<HighlightRequest> } | { now: HighlightRequest };
/** What the worker answers: the loaded languages (or why they could not load), and each highlighted block. */
export type HighlightReply = { loaded: string[] } | { failed: string } | { key: string; hast: HastRoot } | { key: string; error: string };

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled highlight-worker.ts. */
declare const HIGHLIGHT_WORKER: string | undefined;

/** How long the main thread waits for a silent worker before it gives up: shiki needs milliseconds for a block. */
const patience = 60_000;

/** One thread's end of the line: its worker and the port it answers on. */
interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
}

export class HighlightWorkers {
  /** [answers posted by all threads, next group to take] (highlight-worker.ts). */
  private readonly shared = new Int32Array(new SharedArrayBuffer(8));
  private readonly threads: Thread[];
  private readonly results = new Map<string, { hast: HastRoot } | { error: string }>();
  /** The settled keys of the blocks sent ahead that the markdown stage has not taken yet. */
  private pending: Set<string> | null = null;
  private ahead: ReadonlyArray<HighlightRequest> = [];
  private loaded: string[] | null = null;
  private failure: string | null = null;
  /** The answer count at the last `drain`: answers counted since are not taken in yet. */
  private counted = 0;
  /** The key of each block `ready` was asked about (null: not highlighted), made once: it is asked again each round. */
  private readonly readyKeys = new WeakMap<HighlightRequest, string | null>();

  /** Starts the worker threads (two unless told otherwise); shiki loads in them when `start` sends the languages. */
  constructor(count = 2) {
    const compiled = typeof HIGHLIGHT_WORKER === 'string' ? HIGHLIGHT_WORKER : undefined;
    this.threads = Array.from({ length: count }, () => {
      const { port1, port2 } = new MessageChannel();
      const worker = startWorker(compiled, new URL('../workers/highlight-worker.ts', import.meta.url), {
        workerData: { port: port2, signal: this.shared.buffer },
        transferList: [port2],
      });
      // The threads live only for the markdown stage; they must never keep the process alive.
      worker.unref();
      return { worker, port: port1 };
    });
  }

  /**
   * Loads `languages` (those the content uses) in every thread and has them
   * highlight `ahead`; returns the highlighter for the markdown stage. Call once.
   */
  start(languages: ReadonlyArray<string>, ahead: ReadonlyArray<HighlightRequest>): Highlighter {
    this.ahead = ahead;
    for (const thread of this.threads) {
      this.send(thread, { languages });
      this.send(thread, { ahead });
    }
    return {
      getLoadedLanguages: () => this.languages(),
      codeToHast: (code: string, options: CodeToHastOptions) => {
        const request = { lang: options.lang as string, meta: (options.meta as { __raw?: string } | undefined)?.__raw ?? '', code };
        const key = highlightKey(request);
        // Sent ahead: a thread has it in one of its groups. Otherwise (or asked for again: the
        // markdown stage's cache makes that rare) the first thread does it next.
        const sentAhead = this.aheadKeys().delete(key);
        this.drainNew();
        if (!sentAhead && !this.results.has(key)) this.send(this.threads[0] as Thread, { now: request });
        this.waitFor(() => this.results.has(key));
        const result = this.results.get(key);
        this.results.delete(key);
        if (!result) throw new HighlighterFailure('de highlight-worker gaf geen antwoord');
        if ('error' in result) throw new Error(result.error);
        return result.hast;
      },
    } as Highlighter;
  }

  /**
   * Whether the markdown stage can have `request` now: its answer is in, or no
   * thread will bring it unasked (it was not sent ahead, or was taken before),
   * so asking goes first in line. False while it waits in a thread's group.
   */
  ready(request: HighlightRequest): boolean {
    let key = this.readyKeys.get(request);
    if (key === undefined) {
      const lang = highlightedLanguage(request.lang, this.languages());
      this.readyKeys.set(request, key = lang === null ? null : highlightKey({ ...request, lang }));
    }
    if (key === null) return true;
    this.drainNew();
    return this.results.has(key) || !this.aheadKeys().has(key);
  }

  /**
   * Sleeps until a thread answers something not taken in yet (at once when one
   * came after the last look); false when none will (a thread failed or went silent).
   */
  nextAnswer(): boolean {
    return this.failure === null && Atomics.wait(this.shared, 0, this.counted, patience) !== 'timed-out';
  }

  /** Stops the threads and frees their memory. */
  async close(): Promise<void> {
    for (const { port } of this.threads) port.close();
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private languages(): string[] {
    if (this.loaded === null) this.waitFor(() => this.loaded !== null);
    return this.loaded ?? [];
  }

  /** `pending`, made once the languages are known (they settle each block's language). */
  private aheadKeys(): Set<string> {
    if (this.pending) return this.pending;
    const loaded = this.languages();
    this.pending = new Set(this.ahead.flatMap((request) => {
      const lang = highlightedLanguage(request.lang, loaded);
      return lang === null ? [] : [highlightKey({ ...request, lang })];
    }));
    return this.pending;
  }

  private send(thread: Thread, message: HighlightMessage): void {
    thread.port.postMessage(message);
  }

  /** Takes in every answer the threads have posted so far. */
  private drain(): void {
    // Counted first: an answer posted after this read raises the count, so a wait on it returns at once.
    this.counted = Atomics.load(this.shared, 0);
    for (const { port } of this.threads) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const reply = m.message as HighlightReply;
        if ('loaded' in reply) this.loaded ??= reply.loaded;
        else if ('failed' in reply) this.failure = reply.failed;
        else this.results.set(reply.key, 'hast' in reply ? { hast: reply.hast } : { error: reply.error });
      }
    }
  }

  /**
   * `drain`, when a thread answered since the last one: the markdown stage asks
   * `ready` for every block of every page it could make, round after round, and
   * looking at each thread's port every time took a tenth of the main thread in
   * that stage. A thread raises the count after it posts, so an answer not
   * counted yet is taken in by the next look after it is (`nextAnswer` wakes on it).
   */
  private drainNew(): void {
    if (Atomics.load(this.shared, 0) !== this.counted) this.drain();
  }

  /** Sleeps until `ready()` holds; throws when a thread failed or all went silent. */
  private waitFor(ready: () => boolean): void {
    for (;;) {
      this.drainNew();
      if (ready()) return;
      if (this.failure) throw new HighlighterFailure(`shiki kon niet laden: ${this.failure}`);
      if (!this.nextAnswer()) throw new HighlighterFailure('de highlight-worker antwoordt niet');
    }
  }
}
