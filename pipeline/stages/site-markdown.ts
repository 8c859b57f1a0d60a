/**
 * The markdown stage over a whole site: one job per page (its input and the
 * key its result is cached under), and the rendering of one job. The graph
 * (pipeline/build.ts) puts their input together (`markdownJobs`) and renders
 * every job; the schedule (pipeline/schedule/) may
 * render some of them earlier into the cache, which gives the same results
 * because a job's key covers every value its result depends on.
 */
import type { Code, Root } from 'mdast';
import { contentHash } from '../content-hash.ts';
import { type Assets } from './assets.ts';
import { HighlighterFailure, type Highlighter } from './highlight/requests.ts';
import { renderMarkdown, type MarkdownContext, type MarkdownInput, type MdxSettings } from './markdown.ts';
import { defaultComponentsFolder } from './site-component-keys.ts';
import { codeBlocks, diagramSources, type CodeIndex } from './code-blocks.ts';
import { unprocessable } from '../problem.ts';
import type { Diagram, Site, MarkdownResult, Partials } from '../types.ts';
import { partialsUsed } from './markdown/partials.ts';
import { defaultExpansionLimits } from './markdown/expansion-budget.ts';
import { areaPlugins, placesWithPlugins, PluginTreePending, type PluggedTree, type PluginStep } from './markdown/site-plugins.ts';
import type { Root as HastRoot } from 'hast';
import type { MarkdownPlace } from '../types.ts';

/** One page's markdown: its input and every value its result depends on (the cache key). */
export interface MarkdownJob {
  readonly entry: Site['docs'][number] | Site['posts'][number] | Site['pages'][number];
  readonly input: MarkdownInput;
  /** The page's fenced code blocks. */
  readonly code: ReadonlyArray<Code>;
  readonly key: ReadonlyArray<string | number>;
  /** Whether the page shows a diagram (its result then depends on Chromium's work). */
  readonly drawsDiagram: boolean;
  /** When the page's area has remark or rehype plugins of the site: the area, its places, and the page's key for their trees. */
  readonly plugins?: JobPlugins;
}

/** The site's Markdown plugins of one page's area (./markdown/site-plugins.ts). */
export interface JobPlugins {
  /** `docs:default`, `blog`, `pages`. */
  readonly area: string;
  readonly places: ReadonlySet<MarkdownPlace>;
  /** The page's trees at each step are kept under this (a hash of the job's key). */
  readonly key: string;
}

/**
 * The site's Markdown plugins as values: per area the key of their names and
 * versions (made at the io edge), and the trees they made ahead of the stage.
 */
export interface MarkdownPluginTrees {
  readonly versions: ReadonlyMap<string, string>;
  /** The tree after a step's plugins for a page (`JobPlugins.key`); throws `PluginTreePending` when not made. */
  readonly at: (page: string, step: PluginStep, tree: Root | HastRoot) => PluggedTree;
}

export interface MarkdownJobs {
  readonly jobs: ReadonlyArray<MarkdownJob>;
  /** Content path → permalink, for relative `.md` links. */
  readonly permalinks: ReadonlyMap<string, string>;
  /** What they were made from: their context is made from the same (`markdownContext`). */
  readonly input: JobsInput;
}

/** What the jobs of a site depend on besides the pages themselves. */
export interface JobsInput {
  readonly site: Site;
  /** Every page's fenced code blocks (`analyse` found them). */
  readonly code: CodeIndex;
  readonly assets: Assets;
  /** Code languages the content uses (the highlighter loads exactly these). */
  readonly languages: ReadonlyArray<string>;
  /** The drawn diagrams; null before they are drawn or when no browser was available. */
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
  /** The keys of the site's own components (pipeline/stages/site-component-keys.ts); left out: none. */
  readonly siteComponents?: ReadonlySet<string>;
  /** Per area with Markdown plugins, the key of their names and versions; left out: none. */
  readonly markdownPlugins?: ReadonlyMap<string, string>;
}

/** What MDX pages resolve their components against: the site's `mdx` settings and its components. */
const mdxSettings = ({ site, siteComponents }: JobsInput): MdxSettings => ({
  unknownComponents: site.config.mdx?.unknownComponents ?? 'error',
  componentsFolder: site.config.mdx?.components ?? defaultComponentsFolder,
  siteComponents: siteComponents ?? new Set(),
  staticFolders: site.config.layout.static,
  expansionLimit: { ...defaultExpansionLimits, ...site.config.mdx?.expansionLimit },
});

/** The keys of the components a site's component map names (`Site$Kaart` → `Kaart`). */
export const componentKeys = (components: Readonly<Record<string, unknown>> | undefined): ReadonlySet<string> =>
  new Set(Object.keys(components ?? {}).filter((name) => name.startsWith('Site$')).map((name) => name.slice('Site$'.length)));

/** Everything the markdown of every page depends on besides its own file and diagrams, as one key. */
function contextKey(permalinks: ReadonlyMap<string, string>, input: JobsInput): string {
  const { site, assets, languages } = input;
  const mdx = mdxSettings(input);
  return contentHash(JSON.stringify([
    [...permalinks], [...site.draftFiles], [...site.unbuiltFiles], [...assets.values()].map((a) => [a.path, a.url, a.width, a.height]),
    languages,
    // A page's tree depends on the parser the site chose; an MDX page's on which components exist and what an unknown one is.
    [site.config.markdown?.format ?? 'mdx', mdx.unknownComponents, mdx.componentsFolder, [...mdx.siteComponents].sort(), mdx.staticFolders, mdx.expansionLimit],
    // Whether an import names a partial depends on which partials exist; what a page places of them is in its own key.
    [...partialsOf(site).keys()].sort(),
  ]), 32);
}

/**
 * What a page's markdown takes from the drawn diagrams: only its own, and
 * nothing when it shows none. A page without a diagram thus keeps its cache
 * entry when a diagram elsewhere changes, and can be rendered before Chromium
 * is done.
 */
const diagramsKey = (used: ReadonlyArray<string>, diagrams: JobsInput['diagrams']): string =>
  used.length === 0 ? '' : JSON.stringify(diagrams && used.map((hash) => {
    const diagram = diagrams.get(hash);
    return [hash, !diagram ? null : 'svg' in diagram ? contentHash(diagram.svg) : diagram.error];
  }));

/** The markdown jobs of every page, docs then posts then pages. */
export function siteMarkdownJobs(input: JobsInput): MarkdownJobs {
  const { site, diagrams } = input;
  const entries = [...site.docs, ...site.posts, ...site.pages];
  const permalinks = new Map(entries.map((e) => [e.entry.file.path, e.permalink] as const));
  const shared = contextKey(permalinks, input);
  const jobs = entries.map((entry) => {
    const { file, frontmatter: fm, tree } = entry.entry;
    const markdown: MarkdownInput = { tree, path: file.path, display: file.display, permalink: entry.permalink, tocMin: fm.toc_min_heading_level ?? 2, tocMax: fm.toc_max_heading_level ?? 3, source: file.text };
    // The partials the page places are part of it: their code is highlighted and drawn for it, their text is in its key.
    const placed = partialsUsed(tree, file.path, partialsOf(site));
    const code = [...(input.code.get(tree) ?? codeBlocks(tree)), ...placed.flatMap((p) => input.code.get(p.tree) ?? codeBlocks(p.tree))];
    const used = [...diagramSources(code).keys()];
    const partialsKey = placed.length === 0 ? '' : JSON.stringify(placed.map((p) => [p.path, p.display, p.text]));
    const key = [shared, diagramsKey(used, diagrams), markdown.display, markdown.permalink, markdown.tocMin, markdown.tocMax, file.text, partialsKey];
    // The plugins' names and versions are part of the key of every page of their area, and only of those.
    const area = input.markdownPlugins?.size ? areaPlugins(site.config.layout, file.path) : null;
    const versions = area ? input.markdownPlugins?.get(area.area) : undefined;
    if (!area || versions === undefined) return { entry, input: markdown, code, drawsDiagram: used.length > 0, key };
    const pluggedKey = [...key, versions];
    return {
      entry, input: markdown, code, drawsDiagram: used.length > 0, key: pluggedKey,
      plugins: { area: area.area, places: placesWithPlugins(area.plugins), key: contentHash(JSON.stringify(pluggedKey), 32) },
    };
  });
  return { jobs, permalinks, input };
}

/** The site's partials (none when it has none). */
const partialsOf = (site: Site): Partials => site.partials ?? new Map();

/** What a page's markdown takes besides the page itself: the same for every job of a build. */
export const markdownContext = ({ input, permalinks }: MarkdownJobs, highlighter: Highlighter | null): MarkdownContext =>
  ({ permalinks, drafts: input.site.draftFiles, unbuilt: input.site.unbuiltFiles, routes: new Set(permalinks.values()), assets: input.assets, highlighter, highlighted: new Map(), diagrams: input.diagrams, mdx: mdxSettings(input), partials: partialsOf(input.site) });

const emptyTree: Root = { type: 'root', children: [] };

/**
 * One page's markdown. Content that makes a library throw becomes a problem
 * of that page (with an empty body), not a crash of the build; a failing
 * highlighter is the build's problem, not the page's, and goes on up.
 */
export function renderJob({ entry, input, plugins }: MarkdownJob, ctx: MarkdownContext, trees?: MarkdownPluginTrees): MarkdownResult {
  if (plugins && trees) ctx = { ...ctx, sitePlugins: { places: plugins.places, at: (step, tree) => trees.at(plugins.key, step, tree) } };
  return renderPage(input, entry.entry.file.display, ctx);
}

/** `renderJob` of a page without the site's plugins, its file shown as `display` in a problem. */
export function renderPage(input: MarkdownInput, display: string, ctx: MarkdownContext): MarkdownResult {
  try {
    return renderMarkdown(input, ctx);
  } catch (err) {
    if (err instanceof HighlighterFailure || err instanceof PluginTreePending) throw err;
    const empty = renderMarkdown({ ...input, tree: emptyTree }, ctx);
    return { ...empty, problems: [unprocessable(display, err), ...empty.problems] };
  }
}
