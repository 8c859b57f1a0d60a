/**
 * Effect edge: shiki in a worker thread (highlight-worker.ts), behind the
 * same two calls the markdown stage makes of an in-process highlighter.
 *
 * Highlighting is a third of the markdown stage's time, and needs nothing of
 * the site but the code: the worker loads shiki while the main thread parses,
 * then highlights every code block ahead of the markdown stage, on the other
 * core, in the order the stage will ask for them. The stage itself is
 * synchronous, so when it asks for a block the worker has not answered yet,
 * the main thread sleeps until it has (Atomics.wait on a counter the worker
 * raises with every answer, then receiveMessageOnPort). A block the worker was
 * not sent ahead is asked for then: the output never depends on guessing right.
 * Closing the worker frees shiki's WebAssembly memory before the pages render.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import type { Root as HastRoot } from 'hast';
import type { CodeToHastOptions } from 'shiki/core';
import { highlightKey, type Highlighter, type HighlightRequest } from '../highlight.ts';
import { startWorker } from './worker.ts';

/** What the main thread sends: the languages to load (once), blocks to do ahead, a block needed now. */
export type HighlightMessage = { languages: ReadonlyArray<string> } | { ahead: ReadonlyArray<HighlightRequest> } | { now: HighlightRequest };
/** What the worker answers: the loaded languages (or why they could not load), and each highlighted block. */
export type HighlightReply = { loaded: string[] } | { failed: string } | { key: string; hast: HastRoot } | { key: string; error: string };

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled highlight-worker.ts. */
declare const HIGHLIGHT_WORKER: string | undefined;

/** How long the main thread waits for a silent worker before it gives up: shiki needs milliseconds for a block. */
const patience = 60_000;

export class HighlightWorker {
  private readonly port;
  private readonly counter = new Int32Array(new SharedArrayBuffer(4));
  private readonly worker;
  private readonly results = new Map<string, { hast: HastRoot } | { error: string }>();
  private loaded: string[] | null = null;
  private failure: string | null = null;

  /** Starts the worker thread; shiki loads in it when `start` sends the languages. */
  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const compiled = typeof HIGHLIGHT_WORKER === 'string' ? HIGHLIGHT_WORKER : undefined;
    this.worker = startWorker(compiled, new URL('./highlight-worker.ts', import.meta.url), {
      workerData: { port: port2, signal: this.counter.buffer },
      transferList: [port2],
    });
    // The worker lives only for the markdown stage; it must never keep the process alive.
    this.worker.unref();
  }

  /**
   * Loads `languages` (those the content uses) and highlights `ahead` in that
   * order; returns the highlighter for the markdown stage. Call once.
   */
  start(languages: ReadonlyArray<string>, ahead: ReadonlyArray<HighlightRequest>): Highlighter {
    this.send({ languages });
    this.send({ ahead });
    return {
      getLoadedLanguages: () => {
        this.waitFor(() => this.loaded !== null);
        return this.loaded ?? [];
      },
      codeToHast: (code: string, options: CodeToHastOptions) => {
        const request = { lang: options.lang as string, meta: (options.meta as { __raw?: string } | undefined)?.__raw ?? '', code };
        const key = highlightKey(request);
        // Not answered yet: ask for it now, ahead of the rest (the worker may not have come to it).
        this.drain();
        if (!this.results.has(key)) this.send({ now: request });
        this.waitFor(() => this.results.has(key));
        const result = this.results.get(key);
        this.results.delete(key);
        if (!result || 'error' in result) throw new Error(result?.error ?? 'geen antwoord');
        return result.hast;
      },
    } as Highlighter;
  }

  /** Stops the worker and frees its memory. */
  async close(): Promise<void> {
    this.port.close();
    await this.worker.terminate();
  }

  private send(message: HighlightMessage): void {
    this.port.postMessage(message);
  }

  /** Takes in every answer the worker has posted so far. */
  private drain(): void {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const reply = m.message as HighlightReply;
      if ('loaded' in reply) this.loaded = reply.loaded;
      else if ('failed' in reply) this.failure = reply.failed;
      else this.results.set(reply.key, 'hast' in reply ? { hast: reply.hast } : { error: reply.error });
    }
  }

  /** Sleeps until `ready()` holds; throws when the worker failed or went silent. */
  private waitFor(ready: () => boolean): void {
    for (;;) {
      // Read the count first: an answer posted after the drain raises it, and the wait returns at once.
      const seen = Atomics.load(this.counter, 0);
      this.drain();
      if (ready()) return;
      if (this.failure) throw new Error(`shiki kon niet laden: ${this.failure}`);
      if (Atomics.wait(this.counter, 0, seen, patience) === 'timed-out') throw new Error('de highlight-worker antwoordt niet');
    }
  }
}
