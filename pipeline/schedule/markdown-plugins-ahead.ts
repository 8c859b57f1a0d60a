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
 */
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { markdownContext, renderJob, type MarkdownJob, type MarkdownJobs, type MarkdownPluginTrees } from '../stages/site-markdown.ts';
import { areasWithPlugins, placeOfStep, PluginTreePending, type PluggedTree, type PluginStep } from '../stages/markdown/site-plugins.ts';
import type { Highlighter } from '../stages/highlight/requests.ts';
import type { MarkdownPluginBox } from '../io/markdown-plugins.ts';
import type { Layout, MarkdownResult } from '../types.ts';

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
      const results = await box.run(area, place, plugins, asks.map(({ job, tree }) => ({ path: job.input.path, display: job.input.display, tree })));
      asks.forEach(({ job, step }, i) => {
        const result = results[i];
        if (result) store.set(stepKey(job.plugins!.key, step), { tree: result.tree as Root | HastRoot, problems: result.problems });
      });
    }
    waiting = asked.map((ask) => ask.job);
  }
  return trees;
}
