/**
 * Effect edge: work for the main thread while Chromium draws the diagrams on
 * the other core. `parseAhead` parses the Markdown before `analyse` asks for
 * it, into the same tree store `analyse` reads, and hands each tree to
 * `onTree` as it comes: a diagram goes to Chromium (in its worker thread,
 * pipeline/io/mermaid.ts) as soon as its file is parsed, with a turn of the
 * event loop per file so its answers are taken in. Files that can hold a
 * diagram go first; once they are parsed, Chromium may close as soon as it has
 * drawn the last one. `whileWaiting` then runs further steps (the markdown of
 * pages with neither a diagram nor highlighted code) until Chromium is done.
 */
import type { Root } from 'mdast';
import type { SourceFile } from '../io/read.ts';
import { markdownBody, markdownFormat, parseMarkdownBody, treeKey, type FormatSetting } from '../stages/parse.ts';
import type { Store } from '../memo.ts';

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `format` is the site's `markdown.format` (no default: a tree parsed ahead in another format is a tree
 * analyse never asks for, and every body would be parsed twice). `allDiagramsSeen` is called once every
 * file that can hold a diagram has been parsed.
 */
export async function parseAhead(files: ReadonlyArray<SourceFile>, trees: Store<Root>, format: FormatSetting, onTree: (tree: Root) => void, allDiagramsSeen: () => void = () => {}): Promise<void> {
  // Files that may hold a diagram first: Chromium then gets all its work while most of the parsing is still ahead.
  const mayDraw = (file: SourceFile) => file.text.includes('mermaid');
  for (const file of files.filter(mayDraw)) await parseOne(file, trees, onTree, format);
  allDiagramsSeen();
  for (const file of files.filter((f) => !mayDraw(f))) await parseOne(file, trees, onTree, format);
}

/** Parses one file into the store, hands its tree on, then gives the event loop a turn. */
async function parseOne(file: SourceFile, trees: Store<Root>, onTree: (tree: Root) => void, setting: FormatSetting): Promise<void> {
  const body = markdownBody(file, trees, setting);
  if (body === null) return;
  const format = markdownFormat(file, setting);
  try {
    onTree(trees.get(treeKey(body, format), () => parseMarkdownBody(body, format)));
  } catch {
    // Content the parser cannot handle: analyse parses it again and reports it.
  }
  await turn();
}

/**
 * Runs `steps` with a turn of the event loop after each, until `promise`
 * settles or the steps run out: work for the main thread while it waits.
 */
export async function whileWaiting(promise: Promise<unknown>, steps: Iterable<unknown>): Promise<void> {
  let settled = false;
  promise.then(() => { settled = true; }, () => { settled = true; });
  for (const _ of steps) {
    await turn();
    if (settled) return;
  }
}
