/**
 * Worker thread that highlights code for pipeline/io/highlight.ts, on the
 * other core: the worker starts while the main thread parses; shiki and its
 * WebAssembly load when the languages are known (and Chromium is done), and
 * the code blocks are highlighted ahead of the markdown stage in the order it
 * will ask for them. A block the main thread asks for now
 * (`now`) goes before the rest.
 *
 * Every answer is posted on the port the main thread reads synchronously, and
 * then counted in `signal`, on which the main thread sleeps while it waits.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import type { HighlighterCore } from 'shiki/core';
import { createHighlighter } from './highlighter.ts';
import { highlight, highlightedLanguage, highlightKey, type HighlightRequest } from '../highlight.ts';
import type { HighlightMessage, HighlightReply } from './highlight.ts';

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const counter = new Int32Array(signal);

function reply(message: HighlightReply): void {
  port.postMessage(message);
  Atomics.add(counter, 0, 1);
  Atomics.notify(counter, 0);
}

/** shiki with the languages the main thread sends: loaded only then, so its memory and Chromium's never add up. */
let ready: Promise<{ highlighter: HighlighterCore; loaded: string[] }> | null = null;

const urgent: HighlightRequest[] = [];
const ahead: HighlightRequest[] = [];
const done = new Set<string>();
let working = false;

async function work(): Promise<void> {
  if (working || !ready) return;
  working = true;
  try {
    const { highlighter, loaded } = await ready;
    let count = 0;
    for (;;) {
      const now = urgent.shift();
      const request = now ?? ahead.shift();
      if (!request) break;
      // Blocks sent ahead carry the language as written; asked-for blocks carry the one shiki gets.
      const lang = now ? now.lang : highlightedLanguage(request.lang, loaded);
      if (lang === null) continue;
      const settled = { ...request, lang };
      const key = highlightKey(settled);
      if (done.has(key)) continue;
      done.add(key);
      try {
        reply({ key, hast: highlight(highlighter, settled) });
      } catch (e) {
        reply({ key, error: String((e as Error).message ?? e) });
      }
      // Now and then a turn of the event loop, to take in a block the main thread is waiting for.
      if (++count % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    working = false;
  }
}

port.on('message', (message: HighlightMessage) => {
  if ('languages' in message) {
    // The same highlighter the main thread would make (pipeline/io/highlighter.ts).
    ready = createHighlighter(message.languages).then((highlighter) => ({ highlighter, loaded: highlighter.getLoadedLanguages() }));
    ready.then(({ loaded }) => reply({ loaded }), (e: unknown) => reply({ failed: String((e as Error).message ?? e) }));
  } else if ('ahead' in message) ahead.push(...message.ahead);
  else {
    // Asked for now: first in line, even if it was already sent ahead.
    done.delete(highlightKey(message.now));
    urgent.push(message.now);
  }
  // A failure to load is answered above (`failed`).
  work().catch(() => {});
});
