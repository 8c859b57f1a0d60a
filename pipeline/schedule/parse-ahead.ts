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
import { markdownJob, parseMarkdownBody, type FormatSetting } from '../stages/parse.ts';
import type { Store } from '../memo.ts';
import { helperThreshold, ParseHelper, worthHelping, type ParseJob } from '../io/parse-helper.ts';

type MarkdownJob = NonNullable<ReturnType<typeof markdownJob>>;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `format` is the site's `markdown.format` (no default: a tree parsed ahead in another format is a tree
 * analyse never asks for, and every body would be parsed twice). `allDiagramsSeen` is called once every
 * file that can hold a diagram has been parsed. `otherCoreFree` settles when the other core is free for a
 * parse thread (Chromium has it first, while it draws).
 */
export async function parseAhead(files: ReadonlyArray<SourceFile>, trees: Store<Root>, format: FormatSetting, onTree: (tree: Root) => void, allDiagramsSeen: () => void = () => {}, otherCoreFree: Promise<void> = Promise.resolve()): Promise<void> {
  // Files that may hold a diagram first: Chromium then gets all its work while most of the parsing is still ahead.
  const mayDraw = (file: SourceFile) => file.text.includes('mermaid');
  const rest = files.filter((f) => !mayDraw(f));
  // The rest, when there is much of it, with a worker thread beside the main thread, from the moment the other
  // core is free (and there is still enough left).
  // Each file split once into its body, format and tree key: asking for the body and the format apart splits the text each time.
  const found = new Map(files.map((file) => [file, markdownJob(file, trees, format)] as const));
  const jobs = rest.reduce((sum, f) => sum + f.text.length, 0) < helperThreshold ? [] : rest.flatMap((file) => {
    const job = found.get(file);
    return !job || trees.has(job.key) ? [] : [job];
  });
  const helper = worthHelping(jobs) ? new ParseHelper(jobs) : null;
  if (helper) otherCoreFree.then(() => helper.join(), () => {});
  try {
    for (const file of files.filter(mayDraw)) await parseOne(found.get(file) ?? null, trees, onTree);
    allDiagramsSeen();
    // (None of the rest can hold a diagram: their trees need not go to `onTree` as they come.)
    // A tree the store has is not read here: analyse reads it only if a stage looks into it (pipeline/stages/shared/stored-tree.ts).
    if (helper) await parseWithHelper(jobs, helper, trees, onTree);
    else for (const file of rest) await parseOne(found.get(file) ?? null, trees, onTree, false);
  } finally {
    helper?.stop();
  }
}

/**
 * The jobs parsed by the main thread and the helper together, each taking the
 * next. The trees go into the store in the order of the jobs, whoever made
 * them: what the store holds does not depend on which thread was quicker.
 */
async function parseWithHelper(jobs: ReadonlyArray<ParseJob & { readonly key: ReadonlyArray<string> }>, helper: ParseHelper, trees: Store<Root>, onTree: (tree: Root) => void): Promise<void> {
  const own = new Map<number, Root>();
  for (let index = helper.take(); index !== null; index = helper.take()) {
    const { body, format } = jobs[index]!;
    try {
      own.set(index, parseMarkdownBody(body, format));
    } catch {
      // Content the parser cannot handle: analyse parses it again and reports it.
    }
    await turn();
  }
  const theirs = await helper.done();
  jobs.forEach((job, index) => {
    const tree = own.get(index) ?? theirs.get(index);
    if (tree) onTree(trees.get(job.key, () => tree));
  });
}

/**
 * Parses one file into the store, hands its tree on, then gives the event
 * loop a turn. A tree already in the store takes no time, so no turn: 170 of
 * them are only wall time for a warm build on a busy machine. Such a tree is
 * read only when its diagrams are `wanted`.
 */
async function parseOne(job: MarkdownJob | null, trees: Store<Root>, onTree: (tree: Root) => void, wanted = true): Promise<void> {
  if (job === null) return;
  const { body, format, key } = job;
  const stored = trees.has(key);
  if (stored && !wanted) return;
  try {
    onTree(trees.get(key, () => parseMarkdownBody(body, format)));
  } catch {
    // Content the parser cannot handle: analyse parses it again and reports it.
  }
  if (!stored) await turn();
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
