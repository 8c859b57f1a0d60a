/**
 * Effect edge: a large site's Markdown trees moved to the spill file
 * (pipeline/io/spill-file.ts) once its markdown jobs are made, before the
 * markdown step. Validate and resolve read every tree; after them only each
 * page's markdown reads its own, once. Holding every tree through the
 * markdown step made that step the peak of a large build (docs/performance.md,
 * "Geheugen bij 30× en 100×").
 *
 * Each job's tree becomes a stand-in whose fields parse the tree back from
 * the spill file when read, so that any reader gets the tree as it was; the
 * schedule reads each back once, whole, right before it renders the page
 * (`withTreeRestored`). The trees the tree store made go to the spill file
 * with them, and the cache's trees.json is written from there: each tree is
 * serialised once.
 */
import type { Root } from 'mdast';
import type { Json, Store } from '../memo.ts';
import type { SpillFile } from './spill-file.ts';
import type { MarkdownJob, MarkdownJobs } from '../stages/site-markdown.ts';
import type { Site } from '../types.ts';
import { jobsWithTrees, noTree } from '../stages/without-trees.ts';

/** Each stand-in's tree as JSON in the spill file. */
const spilled = new WeakMap<Root, Json>();

/**
 * A stand-in for the tree whose JSON is `json` and whose fields are `fields`:
 * each field but `type` parses the tree back when read. Frozen: what a stage
 * wrote into it would be lost at the next read.
 */
export function spilledTree(json: Json, fields: ReadonlyArray<string>): Root {
  const whole = (): Record<string, unknown> => JSON.parse(json.text) as Record<string, unknown>;
  const tree = { type: 'root' };
  for (const field of fields) {
    if (field !== 'type') Object.defineProperty(tree, field, { get: () => whole()[field], enumerable: true });
  }
  spilled.set(tree as Root, json);
  return Object.freeze(tree) as Root;
}

/** `tree` itself, or, for a stand-in, the tree parsed back whole. */
export function restoredTree(tree: Root): Root {
  const json = spilled.get(tree);
  return json ? (JSON.parse(json.text) as Root) : tree;
}

/** The JSON of `tree`: for a stand-in, as the spill file holds it, not parsed back to be written again. */
export function treeText(tree: Root): string {
  return spilled.get(tree)?.text ?? JSON.stringify(tree);
}

/** `job` with its tree read back: what the schedule renders, once per page. */
export const withTreeRestored = (job: MarkdownJob): MarkdownJob =>
  (spilled.has(job.input.tree) ? { ...job, input: { ...job.input, tree: restoredTree(job.input.tree) } } : job);

/**
 * `made` with each job's tree in `spill` and `site` (without the pages' trees)
 * in place of its own. A job whose markdown is `done` (in the cache, read
 * back whole) goes on without its tree: the markdown step finds the result and
 * reads no tree. The jobs of pages with the site's remark and rehype plugins
 * keep their trees: the plugin box reads them step by step. `trees`, the tree
 * store, keeps the trees it made as the same JSON in the spill file.
 */
export function spilledJobs(made: MarkdownJobs, site: Site, trees: Store<Root>, spill: SpillFile, done: (job: MarkdownJob) => boolean): MarkdownJobs {
  const moved = new Map<Root, Json>();
  trees.keepAllMadeAs((tree) => {
    const json = spill.add(JSON.stringify(tree));
    moved.set(tree, json);
    return json;
  });
  const jobs = jobsWithTrees(made, site, (job) => {
    const { input: { tree }, plugins } = job;
    if (plugins) return tree;
    if (done(job)) return noTree;
    return spilledTree(moved.get(tree) ?? spill.add(JSON.stringify(tree)), Object.keys(tree));
  });
  // The store's keeper holds this map until the store is released.
  moved.clear();
  return jobs;
}
