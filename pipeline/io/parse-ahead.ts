/**
 * Effect edge: parse the Markdown before `analyse` asks for it, a file at a
 * time with a turn of the event loop in between. A cold build spends about
 * 1.6 s parsing on the main thread, and Chromium needs about as long to start
 * and draw the diagrams on the other core; but puppeteer only talks to
 * Chromium when the event loop turns. Parsing here, into the same tree store
 * `analyse` reads, lets both run at once; `onTree` sees each tree as it comes,
 * so diagrams are sent to Chromium while the rest is still being parsed.
 */
import type { Root } from 'mdast';
import type { SourceFile } from './read.ts';
import { markdownBody, parseMarkdownBody } from '../parse.ts';
import type { Store } from '../memo.ts';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function parseAhead(files: ReadonlyArray<SourceFile>, trees: Store<Root>, onTree: (tree: Root) => void): Promise<void> {
  // Files that may hold a diagram first: Chromium then gets all its work while most of the parsing is still ahead.
  const mayDraw = (file: SourceFile) => (file.text.includes('mermaid') ? 0 : 1);
  for (const file of [...files].sort((a, b) => mayDraw(a) - mayDraw(b))) {
    const body = markdownBody(file);
    if (body === null) continue;
    try {
      onTree(trees.get([body], () => parseMarkdownBody(body)));
    } catch {
      // Content the parser cannot handle: analyse parses it again and reports it.
    }
    await turn();
  }
}

/**
 * Runs `steps` with a turn of the event loop after each, until `promise`
 * settles or the steps run out: work for the main thread while it waits.
 */
export async function whileWaiting(promise: Promise<unknown>, steps: Iterable<void>): Promise<void> {
  let settled = false;
  promise.then(() => { settled = true; }, () => { settled = true; });
  for (const _ of steps) {
    await turn();
    if (settled) return;
  }
}
