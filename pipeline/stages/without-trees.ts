/**
 * The site and its markdown jobs once every page's markdown is made: the same
 * values without the pages' Markdown trees. Only the markdown stage (and the
 * code index and jobs made for it) reads a tree; the pages, routes, links,
 * search records and feeds render from the markdown's `Content`. Holding every
 * tree until the last page is written would make a build's memory grow with
 * the size of its Markdown; with these the trees can go once their store is
 * written.
 *
 * The pages see no difference: a tree is a root without children here, and
 * the site's render key leaves trees out (pipeline/io/page-reuse.ts).
 */
import type { Root } from 'mdast';
import type { Doc, Page, Post, Site } from '../types.ts';
import type { MarkdownJob, MarkdownJobs } from './site-markdown.ts';

/** What stands in for every tree: one empty root, frozen so that no stage can fill it. */
export const noTree: Root = Object.freeze({ type: 'root', children: Object.freeze([]) as unknown as Root['children'] }) as Root;

const without = <R extends Doc | Post | Page>(resolved: R): R => ({ ...resolved, entry: { ...resolved.entry, tree: noTree } });

/**
 * `site` with every doc's, post's and page's tree let go. The partials keep
 * theirs: the markdown of the pages that place them renders them.
 */
export const siteWithoutPageTrees = (site: Site): Site =>
  ({ ...site, docs: site.docs.map(without), posts: site.posts.map(without), pages: site.pages.map(without) });

/** `site` with every doc's, post's and page's tree let go, the partials' too. */
export function siteWithoutTrees(site: Site): Site {
  const pagesGone = siteWithoutPageTrees(site);
  return site.partials ? { ...pagesGone, partials: new Map([...site.partials].map(([path, partial]) => [path, { ...partial, tree: noTree }] as const)) } : pagesGone;
}

/**
 * The jobs with `site` (from `siteWithoutTrees` or `siteWithoutPageTrees`)
 * in place of the site they were made from, no code index, and each job's
 * tree as `treeOf` gives it: their keys, entries and code blocks stay (the
 * build cache keeps results under these), the blocks copied.
 */
export function jobsWithTrees(made: MarkdownJobs, site: Site, treeOf: (job: MarkdownJob) => Root): MarkdownJobs {
  const resolved = new Map<string, MarkdownJob['entry']>([...site.docs, ...site.posts, ...site.pages].map((r) => [r.permalink, r] as const));
  return {
    ...made,
    input: { ...made.input, site, code: new Map() },
    jobs: made.jobs.map((job) => ({
      ...job, entry: resolved.get(job.entry.permalink) ?? without(job.entry), input: { ...job.input, tree: treeOf(job) },
      // Copies: the parser's strings are slices of the page's text, and would hold all of it.
      code: job.code.length === 0 ? job.code : JSON.parse(JSON.stringify(job.code)) as MarkdownJob['code'],
    })),
  };
}

/** The jobs as they are after the stage: `jobsWithTrees` without any tree. */
export const jobsWithoutTrees = (made: MarkdownJobs, site: Site): MarkdownJobs => jobsWithTrees(made, site, () => noTree);
