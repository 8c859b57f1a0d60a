/**
 * The stage graph, top to bottom: every stage is a pure function from typed
 * input to a `Result` (a value with the problems found), composed here and
 * nowhere else.
 *
 *   SourceTree ─parse─▶ Parsed[] ─validate─▶ Validated ─resolve─▶ Site          analyse
 *   Site ─markdown─▶ Content per page                                           markdownStage
 *   Site ─routes─▶ Route[] ─links─▶ ✓ ─search records─▶ index ─render─▶ OutputFile[]   generating
 *
 * The io edges read the sources before `analyse` and write the files after
 * `generating`; the highlighter and the mermaid SVGs are made at the edge in
 * between and come in as values (`Effects`). Which of this runs when, and on
 * which thread, is the schedule's business (pipeline/schedule/schedule.ts): this
 * file knows no thread, browser or disk. The stores in `memo` and `cache` are
 * made by the schedule and passed in; a hit in them is exactly what the stage
 * would compute.
 */
import { pipe } from 'fp-ts/function';
import * as RA from 'fp-ts/ReadonlyArray';
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';
import type { Highlighter } from './stages/highlight/requests.ts';
import { configuredFormat, parse, parseData, parseMarkdown, type FormatSetting } from './stages/parse.ts';
import { validate, type Validated } from './stages/validate.ts';
import { resolve } from './stages/resolve.ts';
import type { GeneratedSidebars } from './stages/resolve/generated-sidebar.ts';
import { contentHash } from './content-hash.ts';
import { hashAssets, type Assets, type SvgJudge } from './stages/assets.ts';
import { judgeSvgFile } from './stages/svg-sanitize.ts';
import { codeIndex, codeLanguages, diagramSources, type CodeIndex } from './stages/code-blocks.ts';
import { componentKeys, markdownContext, siteMarkdownJobs, renderJob, type MarkdownJobs, type MarkdownPluginTrees } from './stages/site-markdown.ts';
import { oneWarningPerComponent } from './stages/markdown/mdx-unknown.ts';
import { buildRoutes, outputFile } from './stages/routes.ts';
import { redirectPage, redirectsOf, type Redirect } from './stages/publish/redirects.ts';
import { checkLinks } from './stages/links.ts';
import { searchablePages } from './stages/search-records.ts';
import { searchIndexJson, siteSections, termsThrough, type PageSections, type Section } from './stages/search-index.ts';
import { buildFeeds, feedPaths } from './stages/publish/feeds.ts';
import { buildSitemap } from './stages/publish/sitemap.ts';
import { buildDiscovery, iconFiles } from './stages/publish/discovery.ts';
import { checkSecurityTxt, securityTxt, securityTxtPath } from './stages/publish/security-txt.ts';
import { sortProblems, unprocessable, type Problem } from './problem.ts';
import { during } from './internal-error.ts';
import { all, chain, collect, map, ok, problemsOf, tell, traverse, valueOf, withProblems, type Result } from './result.ts';
import { placedStaticFiles, staticFiles, type StaticFile } from './stages/publish/static-files.ts';
import { frontmatterImageProblems } from './stages/frontmatter-images.ts';
import { authorImageProblems } from './stages/author-images.ts';
import { renderRoute, type RoutePages } from '../renderer/render.tsx';
import { feedBodyHtml, type BodyTheme } from '../renderer/markdown.tsx';
import { absolute } from './published.ts';
import { pageStylesheet, type ComponentStyles } from './stages/site-styles.ts';
import { memoSlot, renderMemo, type Components, type PageContext, type RenderMemo, type ThemeAssets, type WrittenBodies } from '../renderer/context.ts';
import type { BuildCache, BuildMemo, Store } from './memo.ts';
import type { AssetFile, Content, Diagram, OutputFile, SourceFile, SourceTree, Parsed, Partials, Mode, Post, Site, Route } from './types.ts';

export type { OutputFile } from './types.ts';

export interface Analysis {
  /** The resolved site, or null when there is none to build (no content folder, no configuration). */
  readonly site: Site | null;
  readonly assets: Assets;
  /** Every page's fenced code blocks, found once. */
  readonly code: CodeIndex;
  /** Code languages and mermaid sources the content uses: the io edge prepares exactly these. */
  readonly languages: ReadonlyArray<string>;
  readonly diagrams: ReadonlyMap<string, string>;
  /** The files of the static folders, published at the site root as they are (pipeline/stages/publish/static-files.ts). */
  readonly staticFiles?: ReadonlyArray<StaticFile>;
  readonly problems: ReadonlyArray<Problem>;
}

export interface AnalyseOptions {
  /**
   * Today's date (`2026-11-22`), passed in by the CLI edge: the build has no clock. Only used to
   * check that security.txt has not expired; it never changes the output. Left out: no check.
   */
  readonly today?: string;
  /** Parse results of earlier builds (`npm start`); left out, every file is parsed. */
  readonly memo?: BuildMemo;
  /** Results kept on disk by earlier production builds (pipeline/io/build-cache.ts). */
  readonly cache?: BuildCache;
  /** What the site's sidebar generators made, made at the edge for `Site.sidebarGenerations` (pipeline/stages/resolve/generated-sidebar.ts). */
  readonly generatedSidebars?: GeneratedSidebars;
}

/** read → parse → validate → resolve. */
export function analyse(sources: SourceTree, mode: Mode, options: AnalyseOptions = {}): Analysis {
  return during('analyse', null, () => analyseSources(sources, mode, options));
}

function analyseSources(sources: SourceTree, mode: Mode, options: AnalyseOptions): Analysis {
  // Without a content folder every other message would only be a consequence of that one.
  const missing = sources.problems.filter((p) => p.code === 'content-missing');
  if (missing.length) return { site: null, assets: new Map(), code: new Map(), languages: [], diagrams: new Map(), problems: missing };

  const yaml = options.cache?.yaml ?? options.memo?.yaml;
  const config = sources.config ? parseData(sources.config, yaml) : ok(null);
  const format = configuredFormat(valueOf(config)?.yaml.data);
  const validated = pipe(
    all({ parsed: parseAll(sources.files, options, format), config, sidebarFiles: traverse((file: SourceFile) => parseData(file, yaml))(sources.configData ?? []) }),
    chain(({ parsed, config, sidebarFiles }) => validate(parsed, config, sidebarFiles, options.memo?.entries)),
  );
  const resolved = pipe(
    validated,
    chain((v) => pipe(resolve(v, mode, options.generatedSidebars), chain((site) => pipe(securityTxtExpiry(v, sources, options.today), map(() => site))))),
  );
  const partials = parsePartials(sources.partials ?? [], options, format);
  const site = valueOf(resolved);
  // Drafts count too: their languages and diagrams are part of every page's cache key; so do the partials a page may place.
  const code = codeIndex([...(valueOf(validated)?.entries ?? []).map((e) => e.tree), ...[...(valueOf(partials) ?? new Map()).values()].map((p) => p.tree)]);
  const blocks = [...code.values()].flat();
  const assets = hashAssets(sources.assets, svgJudge(sources.assets, options));
  const statics = staticFiles(sources.staticFiles ?? [], valueOf(validated)?.config?.static?.html ?? 'warn');
  return {
    site: site && valueOf(partials)?.size ? { ...site, partials: valueOf(partials)! } : site,
    assets: valueOf(assets) ?? new Map(),
    code,
    languages: codeLanguages(blocks),
    diagrams: diagramSources(blocks),
    staticFiles: valueOf(statics) ?? [],
    problems: [...sources.problems, ...problemsOf(assets), ...problemsOf(statics), ...problemsOf(resolved), ...problemsOf(partials)],
  };
}

/** The partials parsed as pages are (the same format rules), by content path; their front matter is not read further. */
function parsePartials(files: ReadonlyArray<SourceFile>, { cache }: AnalyseOptions, format: FormatSetting): Result<Partials> {
  return pipe(
    files,
    // A partial whose front matter cannot be read drops out with its problem; its imports are then unresolved.
    collect((file) => pipe(parseMarkdown(file, cache?.trees, format, cache?.yaml, cache?.treeSummaries), map((parsed) => [file.path, { path: file.path, display: file.display, text: file.text, tree: parsed.tree }] as const))),
    map((entries): Partials => new Map(entries)),
  );
}

/** How the SVG assets are judged: through the build cache, or the dev server's memo (by path and text). */
function svgJudge(files: ReadonlyArray<AssetFile>, { memo, cache }: AnalyseOptions): SvgJudge | undefined {
  if (cache) return (text) => cache.svg.get(['svg', text], () => judgeSvgFile(text));
  if (!memo) return undefined;
  memo.svg.keepOnly(new Set(files.map((f) => f.path)));
  return (text, path) => memo.svg.get(path, [text], () => judgeSvgFile(text));
}

/** `parse`, a file at a time through the memo when there is one (the dev server's rebuilds). */
function parseAll(files: ReadonlyArray<SourceFile>, { memo, cache }: AnalyseOptions, format: FormatSetting): Result<ReadonlyArray<Parsed>> {
  const trees: Store<Root> | undefined = cache?.trees;
  if (!memo) return parse(files, trees, format, cache?.yaml, cache?.treeSummaries);
  // (Each file's YAML is in its parse result; the memo's YAML store serves the configuration and data files.)
  memo.parsed.keepOnly(new Set(files.map((f) => f.path)));
  return pipe(
    files,
    traverse((file) => memo.parsed.get(file.path, [file.display, file.text, format], () => parse([file], trees, format, cache?.yaml, cache?.treeSummaries))),
    map(RA.flatten),
  );
}

/** The security.txt expiry check: it needs today's date, which only the CLI has. */
const securityTxtExpiry = (validated: Validated, sources: SourceTree, today: string | undefined): Result<void> => {
  const security = validated.config?.securityTxt;
  return security && today && sources.config
    ? checkSecurityTxt(security, today, sources.config.display, validated.configPlace(['securityTxt', 'expires']))
    : ok(undefined);
};

export interface Effects {
  /** Made for `Analysis.languages`; null when no page's markdown has to be rendered (all in the cache). */
  readonly highlighter: Highlighter | null;
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
  readonly theme: ThemeAssets;
  /** Files the theme contributes (stylesheet, bundle, logos) at their public paths. */
  readonly themeFiles: ReadonlyArray<OutputFile>;
  /** The theme's code the pages, bodies and search index are made with (theme/theme-code.ts), handed in like its files. */
  readonly themeCode: ThemeCode;
  /** The template of the feeds' browser view (theme/feeds/feed.xsl), read at the io edge; left out: the feeds have none. */
  readonly feedStylesheet?: string;
  /** The site's own components, compiled and made safe at the io edge (pipeline/io/site-components.ts). */
  readonly siteComponents?: Components;
  /**
   * The site's own CSS: what its components import (linked on the pages that use them), and its
   * `customCss` made into one file at the io edge (pipeline/io/custom-css.ts), linked on every page.
   */
  readonly siteStyles?: { readonly components: ComponentStyles; readonly custom: OutputFile | null };
  /** The site's own remark and rehype plugins: their versions per area, and the trees they made, ahead of the stage (pipeline/io/markdown-plugins.ts). */
  readonly markdownPlugins?: MarkdownPluginTrees;
}

/** What the graph takes from the theme's code: the graph imports no theme, it is given one. */
export interface ThemeCode {
  /** A page per route type. */
  readonly pages: RoutePages;
  /** The theme's part of every body, for a page's context; a post's body in a feed is written with it too. */
  readonly body: (ctx: Pick<PageContext, 'memo' | 'siteComponents'>) => BodyTheme;
  /** How the search index treats its terms: the browser queries it with the same options. */
  readonly searchIndex: Parameters<typeof searchIndexJson>[1];
}

export interface Generated {
  readonly routes: ReadonlyArray<Route>;
  readonly contents: ReadonlyMap<string, Content>;
  /** Every file, by path; with `GenerateOptions.handOff` none (see `handedOut`). */
  readonly files: ReadonlyArray<OutputFile>;
  /** With `GenerateOptions.handOff`: the paths of the files handed out, in order, their data not kept. */
  readonly handedOut?: ReadonlyArray<string>;
  readonly problems: ReadonlyArray<Problem>;
  /**
   * With `render: 'on-request'` (the dev server): each file that may wait
   * (a page, its CSS, a feed, the search index), made the first time it is
   * asked for. `files` then holds everything else.
   */
  readonly onRequest?: ReadonlyMap<string, () => OutputFile['data']>;
}

export interface GenerateOptions {
  /**
   * `false` stops before HTML (`npm run check`); `true` makes every file now;
   * `'on-request'` leaves the files that may wait to `Generated.onRequest`.
   */
  readonly render: boolean | 'on-request';
  /** Markdown results of earlier builds (`npm start`). */
  readonly memo?: BuildMemo;
  /** Markdown results and search index kept on disk by earlier builds. */
  readonly cache?: BuildCache;
  /** The search index as the schedule makes it; left out: built here, from the graph's own records. */
  readonly searchIndex?: SearchIndexFile;
  /** Renders a page or gives its bytes from the previous output (pipeline/io/page-reuse.ts); left out: renders. */
  readonly reuse?: PageReuseHook;
  /** Page bodies written before (pipeline/io/written-bodies.ts); not used on a site with its own components. */
  readonly bodies?: WrittenBodies;
  /**
   * The caller takes each file as `generating` hands it out (the schedule
   * writes it at once): the files are then not kept until the end, only their
   * paths (`Generated.handedOut`), so a build holds no site's worth of HTML.
   */
  readonly handOff?: boolean;
}

/** A page's answer when the previous output holds its bytes as they are: see `UnchangedFile`. */
export interface Unchanged {
  readonly unchanged: true;
}
export const unchanged: Unchanged = { unchanged: true };

/** A file the previous output holds byte for byte: the writer links it from there (pipeline/io/write.ts). */
export interface UnchangedFile extends Unchanged {
  readonly path: string;
}

const isUnchanged = (data: OutputFile['data'] | Problem | Unchanged): data is Unchanged => data === unchanged;

/**
 * How the schedule may spare a page its render (pipeline/io/page-reuse.ts):
 * `file`'s bytes from the last build, `unchanged` when the previous output
 * still holds them (the writer then links the file without its bytes: only
 * with `handOff`), or what `render` makes. The pages render with the markdown
 * and memo it gives, so that it sees what each page reads.
 */
export interface PageReuseHook {
  readonly page: (file: string, render: () => string | Problem) => OutputFile['data'] | Problem | Unchanged;
  /** The same for a feed file, which reads the posts it lists. */
  readonly feed: (file: string, render: () => OutputFile['data']) => OutputFile['data'] | Unchanged;
  readonly watch: <C>(contents: ReadonlyMap<string, C>) => ReadonlyMap<string, C>;
  readonly memo: () => RenderMemo;
}

/**
 * The search index file: its path (every page names it), and its data, or
 * how to make it, or null when the schedule adds the file itself (a worker
 * builds it while the pages render).
 */
export interface SearchIndexFile {
  readonly path: string;
  readonly data: string | (() => string) | null;
}

/** The dev server's search index: made only when it is asked for. */
export const devSearchIndex = (analysis: Analysis, markdown: Result<Contents>, options: ThemeCode['searchIndex']): SearchIndexFile =>
  ({ path: searchIndexPath, data: () => searchIndexJson(searchIndexSections(analysis, markdown), options) });

/** Every page's markdown by permalink. */
export type Contents = ReadonlyMap<string, Content>;

/**
 * The site's markdown jobs and their cache keys, for the diagrams drawn (null:
 * not yet, or no browser) and the site's own components; null without a site.
 * The one place their input is put together: the graph's markdown stage and
 * the schedule's work ahead of it make the same jobs.
 */
export function markdownJobs(analysis: Analysis, diagrams: Effects['diagrams'], components?: Components, pluginVersions?: MarkdownPluginTrees['versions']): MarkdownJobs | null {
  const { site, code, assets, languages } = analysis;
  return site ? siteMarkdownJobs({ site, code, assets, languages, diagrams, siteComponents: componentKeys(components), ...(pluginVersions?.size ? { markdownPlugins: pluginVersions } : {}) }) : null;
}

/**
 * The markdown of every page, through the memo and cache when there are.
 * `jobs` are the site's markdown jobs when the caller made them already
 * (the schedule does, to render some pages early).
 */
export function markdownStage(analysis: Analysis, effects: Pick<Effects, 'highlighter' | 'diagrams' | 'siteComponents' | 'markdownPlugins'>, options: Pick<GenerateOptions, 'memo' | 'cache'> & { readonly jobs?: MarkdownJobs } = {}): Result<Contents> {
  const made = options.jobs ?? markdownJobs(analysis, effects.diagrams, effects.siteComponents, effects.markdownPlugins?.versions);
  if (!made) return ok(new Map());
  const ctx = markdownContext(made, effects.highlighter);
  const { memo, cache } = options;
  memo?.markdown.keepOnly(new Set(made.jobs.map((j) => j.input.path)));
  return pipe(
    made.jobs,
    traverse((job) => {
      const renderOnce = () => during('markdown', job.input.display, () => renderJob(job, ctx, effects.markdownPlugins));
      const render = cache ? () => cache.markdown.get(job.key, renderOnce) : renderOnce;
      const { content, problems } = memo ? memo.markdown.get(job.input.path, job.key, render) : render();
      return withProblems([job.entry.permalink, content] as const, problems);
    }),
    map((pages): Contents => new Map(pages)),
    oneWarningPerComponent,
  );
}

/** The routes of the site and its redirects, with every link the pages make checked against them. */
const linkedRoutes = (site: Site, contents: Contents, assets: Assets, statics: ReadonlyArray<StaticFile> = []): Result<{ routes: ReadonlyArray<Route>; redirects: ReadonlyArray<Redirect> }> => pipe(
  buildRoutes(site),
  chain((routes) => {
    const files = new Set([...[...assets.values()].map((a) => a.url), ...statics.map((f) => `/${f.path}`)]);
    return pipe(
      redirectsOf({ config: site.config, configFile: site.configFile, configPlace: site.configPlace, pages: routes.map((r) => r.path), files }),
      chain((redirects) => pipe(
        checkLinks({ routes, contents, files, draftPermalinks: site.draftPermalinks, redirects }),
        tell(frontmatterImageProblems(site, assets, new Set(statics.map((f) => f.path)))),
        tell(authorImageProblems(site, new Set(statics.map((f) => f.path)))),
        map(() => ({ routes, redirects })),
      )),
    );
  }),
);

/** What every page of the site renders from; each page adds its route. */
type SiteContext = Omit<PageContext, 'route'>;

/** markdown → routes → links → render, all at once. */
export function generate(analysis: Analysis, effects: Effects, options: GenerateOptions, markdown: Result<Contents> = markdownStage(analysis, effects, options)): Generated {
  const files = generating(analysis, effects, options, markdown);
  for (;;) {
    const step = files.next();
    if (step.done) return step.value;
  }
}

/**
 * routes → links → search index → render → publish, handing out each file as
 * soon as it is made (the pages one by one), so that the schedule can write
 * while the rest renders. Its return value is what `generate` returns.
 */
export function* generating(analysis: Analysis, effects: Effects, options: GenerateOptions, markdown: Result<Contents>): Generator<OutputFile | UnchangedFile, Generated> {
  const { site, assets } = analysis;
  const contents = valueOf(markdown) ?? new Map<string, Content>();
  if (!site) return { routes: [], contents, files: [], problems: sortProblems(analysis.problems) };
  const linked = linkedRoutes(site, contents, assets, analysis.staticFiles);
  const routes = valueOf(linked)?.routes ?? [];
  const redirects = valueOf(linked)?.redirects ?? [];
  const checked = oncePerPartial(site, [...analysis.problems, ...problemsOf(markdown), ...problemsOf(linked)]);
  if (!options.render) return { routes, contents, files: [], problems: sortProblems(checked) };

  // The search index first: every page names its path.
  const index = options.searchIndex ?? searchIndexHere(site, routes, contents, effects.themeCode.searchIndex, options.cache);
  const byUrl = new Map([...assets.values()].map((a) => [a.path, a.url] as const));
  const ctx: SiteContext = {
    site, contents: options.reuse ? options.reuse.watch(contents) : contents, theme: { ...effects.theme, searchIndex: `/${index.path}` }, assetUrl: (p: string) => byUrl.get(p) ?? null,
    dev: site.mode === 'development', memo: options.reuse ? options.reuse.memo() : renderMemo(),
    ...(effects.siteComponents ? { siteComponents: effects.siteComponents } : options.bodies ? { bodies: options.bodies } : {}),
  };

  // Each planned file is made now, or, in the dev server, when asked for if it may wait.
  const onRequest = options.render === 'on-request';
  const files: OutputFile[] = [];
  const paths: string[] = [];
  const keep = <F extends OutputFile | UnchangedFile>(file: F): F => {
    if (options.handOff) paths.push(file.path);
    else if ('data' in file) files.push(file);
    // Without handOff there is no writer to link it: a reuse hook answers `unchanged` only to one that hands off.
    else throw new Error(`${file.path}: ongewijzigd zonder schrijver`);
    return file;
  };
  const later = new Map<string, () => OutputFile['data']>();
  const pageProblems = new Map<string, Problem>();
  for (const file of siteFiles(ctx, assets, routes, redirects, index, effects, options.reuse)) {
    if (onRequest && file.mayWait) {
      // In the dev server a page that cannot be rendered shows the problem instead.
      later.set(file.path, once(() => shown(file.make())));
      continue;
    }
    const data = file.make();
    // A broken navbar item breaks every page: reported once.
    if (isUnchanged(data)) yield keep({ path: file.path, unchanged: true });
    else if (isProblem(data)) pageProblems.set(JSON.stringify([data.code, data.file, data.message]), data);
    else yield keep({ path: file.path, data });
  }
  // Static files last: what the build makes itself keeps its place.
  const placed = placedStaticFiles(analysis.staticFiles ?? [], new Set([...files.map((f) => f.path), ...paths, ...later.keys(), ...routes.map((r) => outputFile(r.path))]));
  for (const file of valueOf(placed) ?? []) yield keep(file);

  const problems = sortProblems([...checked, ...problemsOf(placed), ...[...pageProblems.values()].filter((p) => !checked.some((c) => c.code === p.code && c.file === p.file && c.message === p.message))]);
  return { routes, contents, files: [...files].sort(byPath), ...(options.handOff ? { handedOut: paths } : {}), problems, ...(onRequest ? { onRequest: later } : {}) };
}

/**
 * A file the graph makes: its path and how to make it (a page gives its
 * problem when it cannot be rendered). One that `mayWait` the dev server
 * makes only when it is asked for.
 */
interface Planned {
  readonly path: string;
  readonly make: () => OutputFile['data'] | Problem | Unchanged;
  readonly mayWait: boolean;
}

const isProblem = (data: OutputFile['data'] | Problem | Unchanged): data is Problem => typeof data !== 'string' && !(data instanceof Uint8Array) && !isUnchanged(data);

/** What a page that cannot be rendered shows in the dev server (which has no reuse, so never `unchanged`). */
const shown = (data: OutputFile['data'] | Problem | Unchanged): OutputFile['data'] => {
  if (isUnchanged(data)) throw new Error('ongewijzigd zonder schrijver');
  return isProblem(data) ? `${data.file}: ${data.message}` : data;
};

/**
 * Every file of the site but its static files, in the order they are made:
 * the search index, the site's CSS, the pages, the assets, then publishing
 * (feeds, sitemap and robots.txt, OpenSearch and the manifest, security.txt),
 * the theme's files and a page at every old path.
 */
/** The feeds of a build, made once for its three (or four) files. */
const feedsSlot = memoSlot<Map<string, OutputFile['data']>>('feeds');

function* siteFiles(ctx: SiteContext, assets: Assets, routes: ReadonlyArray<Route>, redirects: ReadonlyArray<Redirect>, index: SearchIndexFile, effects: Effects, reuse?: PageReuseHook): Generator<Planned> {
  const { site, theme } = ctx;
  const now = (file: OutputFile): Planned => ({ path: file.path, make: () => file.data, mayWait: false });
  const { data } = index;
  if (data !== null) yield { path: index.path, make: typeof data === 'string' ? () => data : data, mayWait: true };

  const siteStyles = effects.siteStyles;
  const customCss = siteStyles?.custom ?? null;
  if (customCss) yield now(customCss);
  const sheets = new Set<string>();
  for (const route of routes) {
    // The site's own CSS for this page: its components' (one file per set of components), then customCss.
    const sheet = siteStyles ? pageStylesheet(route, ctx.contents, siteStyles.components) : null;
    if (sheet && !sheets.has(sheet.path)) {
      sheets.add(sheet.path);
      yield { path: sheet.path, make: () => sheet.css, mayWait: true };
    }
    const own = [...(sheet ? [`/${sheet.path}`] : []), ...(customCss ? [`/${customCss.path}`] : [])];
    const pageCtx = own.length > 0 ? { ...ctx, stylesheets: own } : ctx;
    const file = outputFile(route.path);
    const render = () => renderPage(pageCtx, route, effects.themeCode.pages);
    yield { path: file, make: reuse ? () => reuse.page(file, render) : render, mayWait: true };
  }
  for (const asset of assets.values()) yield now({ path: asset.url.slice(1), data: asset.bytes });

  // A post's body in a feed is written by the renderer, with the page bodies' theme: one body renderer.
  const bodyHtml = (body: HastRoot, url: string, post: Post) =>
    during('feeds', post.entry.file.display, () => feedBodyHtml(body, effects.themeCode.body(ctx), { url, absolute: (p) => absolute(site, p) }));
  // Made once, in the render memo: with reuse, each feed file then counts the posts the feeds read, and
  // comes from the previous output like a page when those and the site are what they were.
  const feeds = () => ctx.memo.get(feedsSlot, () => during('feeds', null, () => new Map(buildFeeds(site, ctx.contents, { bodyHtml, assetUrl: ctx.assetUrl, css: theme.css, icon: theme.files.get(iconFiles.png512) ?? `/${iconFiles.png512}`, stylesheet: effects.feedStylesheet ?? null }).map((f) => [f.path, f.data] as const))));
  const paths = feedPaths(site.config.layout);
  const feedFiles = [paths.rss, paths.atom, paths.json, ...(effects.feedStylesheet === undefined ? [] : [paths.xsl])].map((url) => url.slice(1));
  for (const url of feedFiles) {
    // Each feed file is made once (the dev server's too), so the memo gives its data up: the feeds hold
    // every post's body, and would otherwise stay until the build ends.
    const render = () => {
      const made = feeds();
      const data = made.get(url) ?? '';
      made.delete(url);
      return data;
    };
    yield { path: url, make: reuse ? () => reuse.feed(url, render) : render, mayWait: true };
  }
  for (const file of during('sitemap', null, () => [...buildSitemap(site, routes), ...buildDiscovery(site, theme.files)])) yield now(file);
  if (site.config.securityTxt) yield now({ path: securityTxtPath, data: securityTxt({ ...site.config, securityTxt: site.config.securityTxt }) });
  for (const file of effects.themeFiles) yield now(file);
  // A page at every old path, for servers without the redirect rules.
  for (const r of redirects) yield now({ path: outputFile(r.from), data: redirectPage(r, site.config.url) });
}

/**
 * The problems with each problem in a partial once: every page that places
 * the partial finds the same mistake at the same place of the partial's file.
 */
function oncePerPartial(site: Site, problems: ReadonlyArray<Problem>): Problem[] {
  if (!site.partials?.size) return [...problems];
  const files = new Set([...site.partials.values()].map((p) => p.display));
  const seen = new Set<string>();
  return problems.filter((p) => {
    if (!files.has(p.file)) return true;
    const key = JSON.stringify([p.severity, p.code, p.file, p.line, p.column, p.message]);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** One page's HTML, or the problem that kept it from rendering. */
function renderPage(ctx: SiteContext, route: Route, pages: RoutePages): string | Problem {
  try {
    return renderRoute(ctx, route, pages);
  } catch (err) {
    return unprocessable(routeSource(route) ?? ctx.site.configFile, err, ctx.site.configFile);
  }
}

/** The file a route's page comes from, when it has one. */
const routeSource = (route: Route): string | null =>
  'doc' in route ? route.doc.entry.file.display
    : 'post' in route ? route.post.entry.file.display
      : 'page' in route && route.page ? route.page.entry.file.display
        : null;

/**
 * The search index built here (no schedule chose how), from the graph's own
 * records, through the cache when there is one.
 */
function searchIndexHere(site: Site, routes: ReadonlyArray<Route>, contents: Contents, options: ThemeCode['searchIndex'], cache: BuildCache | undefined): SearchIndexFile {
  const list = during('zoekrecords', null, () => siteSections(searchablePages(routes, contents, site.config.layout), site.config.locale.lang));
  const build = () => searchIndexJson(list, options, cache ? termsThrough(cache.searchTerms, options) : undefined);
  return { path: searchIndexPath, data: () => (cache ? cache.searchIndex.get([JSON.stringify(list)], build) : build()) };
}

/**
 * The sections the search index is built from: what `generate` indexes, for
 * an index built apart, page by page (`siteSections`); `kept` (the
 * schedule's cache) may give a page's sections without making them.
 */
export function searchIndexSections(analysis: Analysis, markdown: Result<Contents>, kept?: PageSections): Section[] {
  if (!analysis.site) return [];
  const { site } = analysis;
  return during('zoekrecords', null, () => siteSections(searchablePages(valueOf(buildRoutes(site)) ?? [], valueOf(markdown) ?? new Map(), site.config.layout), site.config.locale.lang, kept));
}

/**
 * Where the search index goes: one name for every build, outside `/assets/`,
 * so that servers revalidate it (`no-cache`) like the pages. A name with a
 * hash of the records would be in every page, and a change to one body would
 * change the bytes of every page.
 */
export const searchIndexPath = 'search-index.json';

/**
 * The search index's key in the build cache: a hash of what it is made of,
 * its sections (as JSON) and the version of the code that makes it
 * (`builder`), known before the index is built.
 */
export const searchIndexKey = (sectionsJson: string, builder: string): string => contentHash(`${builder}\0${sectionsJson}`);

/** Code-unit order: the machine's locale must not change anything about the output. */
export const byPath = (a: OutputFile, b: OutputFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** A thunk that computes its value the first time only. */
function once<T>(compute: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: compute() }).v;
}
