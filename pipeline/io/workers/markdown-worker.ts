/**
 * Worker thread for pipeline/io/markdown-helper.ts: makes the markdown of
 * each page it is sent with the same pure `renderPage` as the main thread,
 * in the same context, and sends back the result in the form the markdown
 * store keeps (its trees as JSON). After each answer it raises a counter the
 * main thread sleeps on.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { renderPage } from '../../stages/site-markdown.ts';
import type { MarkdownContext } from '../../stages/markdown.ts';
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';
import type { CodeToHastOptions } from 'shiki/core';
import { highlightKey, type Highlighter } from '../../stages/highlight/requests.ts';
import { storedResult } from '../compact-contents.ts';
import type { HelperContext, HelperJob, HelperReply } from '../markdown-helper.ts';

const { ctx, port, signal } = workerData as { ctx: HelperContext; port: MessagePort; signal: SharedArrayBuffer };
const answers = new Int32Array(signal);
// Every permalink, made once, as `markdownContext` does.
const context: MarkdownContext = { ...ctx, routes: new Set(ctx.permalinks.values()), highlighter: null };

/**
 * A highlighter that answers from the blocks the page came with, as the
 * block store does on the main thread (a copy each time: the stage settles
 * the tree it gets in place). A block it lacks fails the page, which the main
 * thread then makes itself.
 */
function sentBlocks(code: NonNullable<HelperJob['code']>): Highlighter {
  const blocks = new Map(code.blocks);
  return {
    getLoadedLanguages: () => [...code.languages],
    codeToHast: (source: string, options: CodeToHastOptions) => {
      const json = blocks.get(highlightKey({ lang: options.lang as string, meta: (options.meta as { __raw?: string } | undefined)?.__raw ?? '', code: source }));
      if (json === undefined) throw new Error(`geen gekleurd blok meegestuurd voor ${String(options.lang)}`);
      return JSON.parse(json) as HastRoot;
    },
  } as Highlighter;
}

port.on('message', (job: HelperJob) => {
  let reply: HelperReply;
  try {
    const page = { ...job.input, tree: JSON.parse(job.tree) as Root };
    // A page without highlighted blocks renders without a highlighter, as the schedule renders it while Chromium draws.
    reply = { id: job.id, stored: storedResult(renderPage(page, job.display, job.code ? { ...context, highlighter: sentBlocks(job.code) } : context)) };
  } catch (e) {
    reply = { id: job.id, failed: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
  Atomics.add(answers, 0, 1);
  Atomics.notify(answers, 0);
});
