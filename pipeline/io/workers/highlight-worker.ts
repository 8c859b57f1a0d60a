/**
 * One highlight thread for pipeline/io/highlight/workers.ts, which starts two (one per
 * core the main thread leaves free while it waits): shiki and its
 * WebAssembly load when the languages are known (and Chromium is done). Every
 * thread gets the same code blocks ahead of the markdown stage and plans the
 * same groups of them, one per grammar, costliest first (`highlightGroups`);
 * each takes the next group nobody has taken yet (a counter in `signal` that
 * all threads share), so a grammar is compiled in one thread only. A block the
 * main thread asks for now (`now`) goes before the rest.
 *
 * Every answer is posted on the port the main thread reads synchronously, and
 * then counted in `signal`, on which the main thread sleeps while it waits.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import type { HighlighterCore } from 'shiki/core';
import { createHighlighter, grammars } from '../highlight/shiki.ts';
import { highlight, highlightedLanguage, highlightGroups, highlightKey, type HighlightRequest } from '../../stages/highlight/requests.ts';
import type { HighlightMessage, HighlightReply } from '../highlight/workers.ts';

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
/** [answers posted by all threads, next group to take]. */
const shared = new Int32Array(signal);
const answers = 0;
const nextGroup = 1;

function reply(message: HighlightReply): void {
  port.postMessage(message);
  Atomics.add(shared, answers, 1);
  Atomics.notify(shared, answers);
}

/** shiki with the languages the main thread sends: loaded only then, so its memory and Chromium's never add up. */
let ready: Promise<{ highlighter: HighlighterCore; loaded: string[] }> | null = null;
/** The groups of the blocks sent ahead, planned alike in every thread. */
let groups: Promise<HighlightRequest[][]> = Promise.resolve([]);

const urgent: HighlightRequest[] = [];
/** What is left of the group this thread took. */
let taken: HighlightRequest[] = [];
const done = new Set<string>();
let working = false;

/** The next block: asked for now, else from this thread's group, else from the next group no thread has taken. */
function next(planned: HighlightRequest[][]): HighlightRequest | undefined {
  const request = urgent.shift() ?? taken.shift();
  if (request) return request;
  const index = Atomics.add(shared, nextGroup, 1);
  taken = [...(planned[index] ?? [])];
  return taken.shift();
}

async function work(): Promise<void> {
  if (working || !ready) return;
  working = true;
  try {
    const { highlighter } = await ready;
    const planned = await groups;
    let count = 0;
    for (let request = next(planned); request; request = next(planned)) {
      const key = highlightKey(request);
      if (done.has(key)) continue;
      done.add(key);
      try {
        reply({ key, hast: highlight(highlighter, request) });
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
    // The same highlighter the main thread would make (pipeline/io/highlight/shiki.ts).
    ready = createHighlighter(message.languages).then((highlighter) => ({ highlighter, loaded: highlighter.getLoadedLanguages() }));
    ready.then(({ loaded }) => reply({ loaded }), (e: unknown) => reply({ failed: String((e as Error).message ?? e) }));
  } else if ('ahead' in message) {
    // The languages come first (HighlightWorkers.start), so `ready` is set.
    groups = (ready ?? Promise.reject(new Error('geen talen'))).then(async ({ loaded }) => {
      const used = new Set(message.ahead.flatMap((r) => highlightedLanguage(r.lang, loaded) ?? []));
      const known = await grammars(used);
      return highlightGroups(message.ahead, loaded, (lang) => known.get(lang) ?? { name: lang, size: 0 });
    });
  } else {
    // Asked for now: first in line, even if it was already done for another page.
    done.delete(highlightKey(message.now));
    urgent.push(message.now);
  }
  // A failure to load is answered above (`failed`).
  work().catch(() => {});
});
