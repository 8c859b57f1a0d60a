/**
 * The site's remark and rehype plugins, ahead of the markdown stage. The
 * stage is synchronous and the plugin box is not, so the schedule does what it
 * does for site components: it runs each page of an area with plugins through
 * the stage's own code until that asks for a tree it does not have
 * (`PluginTreePending`), has the box make those trees for all such pages at
 * once, per area and place, keeps them under the page's key and the step, and
 * runs the pages again, until none asks. The stage then finds every tree as a
 * value (`Effects.markdownPlugins`) and makes the same result; a page whose
 * markdown is in the cache asks for nothing.
 *
 * A page whose markdown must be made again (another page's title changed, so
 * its cards or links did) often gives the plugins the same tree as before:
 * what the plugins made of it at each step is kept (`kept`, by page and step)
 * with a hash of what they were given (the tree, the plugins with their
 * versions, options and environment, the page's path and the site's
 * folder), and reused while that is the same.
 * A tree given with a failure is not kept.
 */
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { markdownContext, renderJob, type MarkdownJob, type MarkdownJobs, type MarkdownPluginTrees } from '../stages/site-markdown.ts';
import { areasWithPlugins, placeOfStep, PluginTreePending, type PluggedTree, type PluginStep } from '../stages/markdown/site-plugins.ts';
import type { Highlighter } from '../stages/highlight/requests.ts';
import type { MarkdownPluginBox } from '../io/markdown-plugins.ts';
import { treeJson } from '../io/plugin-box-protocol.ts';
import type { KeptPluggedTree, Layout, MarkdownResult } from '../types.ts';
import type { Store } from '../memo.ts';
import { contentHash } from '../content-hash.ts';

/** A page's step, as the store keeps it. */
const stepKey = (page: string, step: PluginStep): string => `${page}\0${step}`;

/**
 * The trees of every step of every page of `made` whose area has plugins,
 * made by `box`. `done` says which pages need none (their markdown is in the
 * cache); `finished` gets each page's markdown as soon as it is whole.
 */
export async function markdownPluginsAhead(
  made: MarkdownJobs, highlighter: Highlighter | null, layout: Layout, versions: ReadonlyMap<string, string>, box: MarkdownPluginBox,
  done: (job: MarkdownJob) => boolean, finished: (job: MarkdownJob, result: MarkdownResult) => void,
  kept?: { readonly store: Store<KeptPluggedTree>; readonly siteDir: string },
): Promise<MarkdownPluginTrees> {
  const store = new Map<string, PluggedTree>();
  const trees: MarkdownPluginTrees = {
    versions,
    at: (page, step, tree) => {
      const found = store.get(stepKey(page, step));
      if (!found) throw new PluginTreePending(step, tree);
      return found;
    },
  };
  const areas = areasWithPlugins(layout);
  const ctx = markdownContext(made, highlighter);
  let waiting = made.jobs.filter((job) => job.plugins && !done(job));
  // Four places, the rehype ones for body and excerpt: a page asks at most six times.
  for (let round = 0; waiting.length > 0 && round < 8; round++) {
    const asked: Array<{ job: MarkdownJob; step: PluginStep; tree: Root | HastRoot }> = [];
    for (const job of waiting) {
      try {
        finished(job, renderJob(job, ctx, trees));
      } catch (err) {
        // Anything else the stage meets again, and reports, when it renders the page.
        if (err instanceof PluginTreePending) asked.push({ job, step: err.step, tree: err.tree });
      }
    }
    const groups = new Map<string, typeof asked>();
    for (const ask of asked) {
      const group = `${ask.job.plugins!.area}\0${placeOfStep(ask.step)}`;
      groups.set(group, [...(groups.get(group) ?? []), ask]);
    }
    for (const [group, asks] of groups) {
      const [area = '', place] = group.split('\0') as [string, ReturnType<typeof placeOfStep>];
      const plugins = areas.get(area)?.[place] ?? [];
      const given = (ask: (typeof asks)[number]): string => contentHash(JSON.stringify([kept?.siteDir, versions.get(area), plugins, ask.job.input.path, treeJson(ask.tree)]), 32);
      const fresh: Array<{ ask: (typeof asks)[number]; slot: string; given: string }> = [];
      for (const ask of asks) {
        const slot = `${area}\0${ask.job.input.path}\0${ask.step}`;
        const hash = kept ? given(ask) : '';
        const before = kept?.store.find(slot);
        // A copy: the stage goes on with the tree, and the store's value must stay as the plugins made it.
        if (before?.given === hash) store.set(stepKey(ask.job.plugins!.key, ask.step), { tree: structuredClone(before.tree), problems: before.problems });
        else fresh.push({ ask, slot, given: hash });
      }
      if (fresh.length === 0) continue;
      const results = await box.run(area, place, plugins, fresh.map(({ ask: { job, tree } }) => ({ path: job.input.path, display: job.input.display, tree })));
      fresh.forEach(({ ask: { job, step }, slot, given: hash }, i) => {
        const result = results[i];
        if (!result) return;
        const tree = result.tree as Root | HastRoot;
        if (kept && !result.problems.some((p) => p.severity === 'error')) kept.store.put(slot, { given: hash, tree: structuredClone(tree), problems: result.problems });
        store.set(stepKey(job.plugins!.key, step), { tree, problems: result.problems });
      });
    }
    waiting = asked.map((ask) => ask.job);
  }
  // The trees of the pages this build did not need (their markdown was in the cache) stay for the next.
  const pages = new Set(made.jobs.flatMap((job) => (job.plugins ? [`${job.plugins.area}\0${job.input.path}\0`] : [])));
  kept?.store.keepEarlier((slot) => pages.has(slot.slice(0, slot.lastIndexOf('\0') + 1)));
  return trees;
}
