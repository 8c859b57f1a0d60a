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
import { contentHash } from './content-hash.ts';
import { hashAssets, type Assets } from './stages/assets.ts';
import { codeIndex, codeLanguages, diagramSources, type CodeIndex } from './stages/code-blocks.ts';
import { componentKeys, markdownContext, markdownJobs, renderJob, type MarkdownJobs } from './stages/site-markdown.ts';
import { oneWarningPerComponent } from './stages/markdown/mdx-unknown.ts';
import { buildRoutes, outputFile } from './stages/routes.ts';
import { redirectPage, redirectsOf, type Redirect } from './stages/publish/redirects.ts';
import { checkLinks } from './stages/links.ts';
import { searchRecords, type SearchRecord } from './stages/search-records.ts';
import { buildSearchIndex } from './stages/search-index.ts';
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
import { renderRoute } from '../renderer/render.tsx';
import { feedBodyHtml } from '../renderer/markdown.tsx';
import { bodyTheme } from '../theme/shell/body-theme.tsx';
import { absolute } from './published.ts';
import { pageStylesheet, type ComponentStyles } from './stages/site-styles.ts';
import { renderMemo, type Components, type PageContext, type ThemeAssets } from '../renderer/context.ts';
import { routePages } from '../theme/pages/route-pages.tsx';
import { indexOptions } from '../theme/client/search-options.ts';
import type { BuildCache, BuildMemo, Store } from './memo.ts';
import type { Content, Diagram, OutputFile, SourceFile, SourceTree, Parsed, Partials, Mode, Post, Site, Route } from './types.ts';

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
}

/** read → parse → validate → resolve. */
export function analyse(sources: SourceTree, mode: Mode, options: AnalyseOptions = {}): Analysis {
  return during('analyse', null, () => analyseSources(sources, mode, options));
}

function analyseSources(sources: SourceTree, mode: Mode, options: AnalyseOptions): Analysis {
  // Without a content folder every other message would only be a consequence of that one.
  const missing = sources.problems.filter((p) => p.code === 'content-missing');
  if (missing.length) return { site: null, assets: new Map(), code: new Map(), languages: [], diagrams: new Map(), problems: missing };

  const config = sources.config ? parseData(sources.config) : ok(null);
  const format = configuredFormat(valueOf(config)?.yaml.data);
  const validated = pipe(
    all({ parsed: parseAll(sources.files, options, format), config, sidebarFiles: traverse(parseData)(sources.configData ?? []) }),
    chain(({ parsed, config, sidebarFiles }) => validate(parsed, config, sidebarFiles)),
  );
  const resolved = pipe(
    validated,
    chain((v) => pipe(resolve(v, mode), chain((site) => pipe(securityTxtExpiry(v, sources, options.today), map(() => site))))),
  );
  const partials = parsePartials(sources.partials ?? [], options, format);
  const site = valueOf(resolved);
  // Drafts count too: their languages and diagrams are part of every page's cache key; so do the partials a page may place.
  const code = codeIndex([...(valueOf(validated)?.entries ?? []).map((e) => e.tree), ...[...(valueOf(partials) ?? new Map()).values()].map((p) => p.tree)]);
  const blocks = [...code.values()].flat();
  const assets = hashAssets(sources.assets);
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
    collect((file) => pipe(parseMarkdown(file, cache?.trees, format), map((parsed) => [file.path, { path: file.path, display: file.display, text: file.text, tree: parsed.tree }] as const))),
    map((entries): Partials => new Map(entries)),
  );
}

/** `parse`, a file at a time through the memo when there is one (the dev server's rebuilds). */
function parseAll(files: ReadonlyArray<SourceFile>, { memo, cache }: AnalyseOptions, format: FormatSetting): Result<ReadonlyArray<Parsed>> {
  const trees: Store<Root> | undefined = cache?.trees;
  if (!memo) return parse(files, trees, format);
  memo.parsed.keepOnly(new Set(files.map((f) => f.path)));
  return pipe(
    files,
    traverse((file) => memo.parsed.get(file.path, [file.display, file.text, format], () => parse([file], trees, format))),
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
  /** The template of the feeds' browser view (theme/feeds/feed.xsl), read at the io edge; left out: the feeds have none. */
  readonly feedStylesheet?: string;
  /** The site's own components, compiled and made safe at the io edge (pipeline/io/site-components.ts). */
  readonly siteComponents?: Components;
  /**
   * The site's own CSS: what its components import (linked on the pages that use them), and its
   * `customCss` made into one file at the io edge (pipeline/io/custom-css.ts), linked on every page.
   */
  readonly siteStyles?: { readonly components: ComponentStyles; readonly custom: OutputFile | null };
}

export interface Generated {
  readonly routes: ReadonlyArray<Route>;
  readonly contents: ReadonlyMap<string, Content>;
  readonly files: ReadonlyArray<OutputFile>;
  readonly problems: ReadonlyArray<Problem>;
  /**
   * With `render: 'on-request'` (the dev server): each page and the search
   * index, rendered the first time they are asked for. `files` then holds
   * everything else.
   */
  readonly onRequest?: ReadonlyMap<string, () => OutputFile['data']>;
}

export interface GenerateOptions {
  /** `false` stops before HTML (`npm run check`); `'on-request'` defers pages to `onRequest`. */
  readonly render: boolean | 'on-request';
  /** Markdown results of earlier builds (`npm start`). */
  readonly memo?: BuildMemo;
  /** Markdown results and search index kept on disk by earlier builds. */
  readonly cache?: BuildCache;
  /**
   * The search index when the io edge makes it from `searchIndexRecords`: its
   * path (`searchIndexPath`), and the index, or null when a worker builds it
   * while the pages render (the io edge then adds the file). Left out: built here.
   */
  readonly searchIndex?: { readonly path: string; readonly index: string | null };
  /** Renders a page or gives its bytes from the previous output (pipeline/io/page-reuse.ts); left out: renders. */
  readonly reuse?: (file: string, render: () => string | Problem) => OutputFile['data'] | Problem;
}

/** Search index path in development, where its content hash would only cost time. */
export const devSearchIndexPath = 'assets/search-index-dev.json';

/** Every page's markdown by permalink. */
export type Contents = ReadonlyMap<string, Content>;

/**
 * The markdown of every page, through the memo and cache when there are.
 * `jobs` are the site's markdown jobs when the caller made them already
 * (the schedule does, to render some pages early).
 */
export function markdownStage(analysis: Analysis, effects: Pick<Effects, 'highlighter' | 'diagrams' | 'siteComponents'>, options: Pick<GenerateOptions, 'memo' | 'cache'> & { readonly jobs?: MarkdownJobs } = {}): Result<Contents> {
  const { site } = analysis;
  if (!site) return ok(new Map());
  const input = { site, code: analysis.code, assets: analysis.assets, languages: analysis.languages, diagrams: effects.diagrams, siteComponents: componentKeys(effects.siteComponents) };
  const { jobs, permalinks } = options.jobs ?? markdownJobs(input);
  const ctx = markdownContext(input, permalinks, effects.highlighter);
  const { memo, cache } = options;
  memo?.markdown.keepOnly(new Set(jobs.map((j) => j.input.path)));
  return pipe(
    jobs,
    traverse((job) => {
      const renderOnce = () => during('markdown', job.input.display, () => renderJob(job, ctx));
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
 * routes → links → search index → render, handing out each file as soon as
 * it is made (the pages one by one), so that the schedule can write while
 * the rest renders. Its return value is what `generate` returns.
 */
export function* generating(analysis: Analysis, effects: Effects, options: GenerateOptions, markdown: Result<Contents>): Generator<OutputFile, Generated> {
  const { site, assets } = analysis;
  const contents = valueOf(markdown) ?? new Map<string, Content>();
  if (!site) return { routes: [], contents, files: [], problems: sortProblems(analysis.problems) };
  const linked = linkedRoutes(site, contents, assets, analysis.staticFiles);
  const routes = valueOf(linked)?.routes ?? [];
  const redirects = valueOf(linked)?.redirects ?? [];
  const checked = oncePerPartial(site, [...analysis.problems, ...problemsOf(markdown), ...problemsOf(linked)]);
  if (!options.render) return { routes, contents, files: [], problems: sortProblems(checked) };

  const lazy = options.render === 'on-request';
  const files: OutputFile[] = [];
  const onRequest = new Map<string, () => OutputFile['data']>();
  /** Keeps the files for the result, and hands each out. */
  function* made(...some: OutputFile[]): Generator<OutputFile> {
    for (const file of some) {
      files.push(file);
      yield file;
    }
  }

  // The search index first: every page names its path.
  const index = searchIndex(site, routes, contents, options);
  if (index.file) yield* made(index.file);
  if (index.onRequest) onRequest.set(index.path, index.onRequest);

  const byUrl = new Map([...assets.values()].map((a) => [a.path, a.url] as const));
  const theme = { ...effects.theme, searchIndex: `/${index.path}` };
  const ctx: SiteContext = {
    site, contents, theme, assetUrl: (p: string) => byUrl.get(p) ?? null, dev: site.mode === 'development', memo: renderMemo(),
    ...(effects.siteComponents ? { siteComponents: effects.siteComponents } : {}),
  };
  const pageProblems = new Map<string, Problem>();
  const siteStyles = effects.siteStyles;
  const customCss = siteStyles?.custom ?? null;
  if (customCss) yield* made(customCss);
  const sheets = new Set<string>();
  for (const route of routes) {
    // The site's own CSS for this page: its components' (one file per set of components), then customCss.
    const sheet = siteStyles ? pageStylesheet(route, contents, siteStyles.components) : null;
    if (sheet && !sheets.has(sheet.path)) {
      sheets.add(sheet.path);
      if (lazy) onRequest.set(sheet.path, () => sheet.css);
      else yield* made({ path: sheet.path, data: sheet.css });
    }
    const own = [...(sheet ? [`/${sheet.path}`] : []), ...(customCss ? [`/${customCss.path}`] : [])];
    const pageCtx = own.length > 0 ? { ...ctx, stylesheets: own } : ctx;
    if (lazy) {
      // In the dev server a page that cannot be rendered shows the problem instead.
      onRequest.set(outputFile(route.path), once(() => {
        const page = renderPage(pageCtx, route);
        return typeof page === 'string' ? page : `${page.file}: ${page.message}`;
      }));
      continue;
    }
    const file = outputFile(route.path);
    const page = options.reuse ? options.reuse(file, () => renderPage(pageCtx, route)) : renderPage(pageCtx, route);
    if (typeof page === 'string' || page instanceof Uint8Array) yield* made({ path: file, data: page });
    // A broken navbar item breaks every page: reported once.
    else pageProblems.set(JSON.stringify([page.code, page.file, page.message]), page);
  }
  for (const asset of assets.values()) yield* made({ path: asset.url.slice(1), data: asset.bytes });

  // Publishing: blog feeds, sitemap and robots.txt, OpenSearch and the web app manifest, security.txt.
  // A post's body in a feed is written by the renderer, with the page bodies' theme: one body renderer.
  const bodyHtml = (body: HastRoot, url: string, post: Post) =>
    during('feeds', post.entry.file.display, () => feedBodyHtml(body, bodyTheme(ctx), { url, absolute: (p) => absolute(site, p) }));
  const feeds = once(() => during('feeds', null, () => buildFeeds(site, contents, { bodyHtml, assetUrl: ctx.assetUrl, css: theme.css, icon: theme.files.get(iconFiles.png512) ?? `/${iconFiles.png512}`, stylesheet: effects.feedStylesheet ?? null })));
  if (lazy) {
    for (const url of Object.values(feedPaths(site.config.layout))) onRequest.set(url.slice(1), () => feeds().find((f) => f.path === url.slice(1))?.data ?? '');
  } else yield* made(...feeds());
  yield* made(...during('sitemap', null, () => [...buildSitemap(site, routes), ...buildDiscovery(site, theme.files)]));
  if (site.config.securityTxt) yield* made({ path: securityTxtPath, data: securityTxt({ ...site.config, securityTxt: site.config.securityTxt }) });
  yield* made(...effects.themeFiles);
  // A page at every old path, for servers without the redirect rules.
  yield* made(...redirects.map((r) => ({ path: outputFile(r.from), data: redirectPage(r, site.config.url) })));
  // Static files last: what the build makes itself keeps its place.
  const placed = placedStaticFiles(analysis.staticFiles ?? [], new Set([...files.map((f) => f.path), ...onRequest.keys(), ...routes.map((r) => outputFile(r.path))]));
  yield* made(...(valueOf(placed) ?? []));

  const problems = sortProblems([...checked, ...problemsOf(placed), ...[...pageProblems.values()].filter((p) => !checked.some((c) => c.code === p.code && c.file === p.file && c.message === p.message))]);
  return { routes, contents, files: [...files].sort(byPath), problems, ...(lazy ? { onRequest } : {}) };
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
function renderPage(ctx: SiteContext, route: Route): string | Problem {
  try {
    return renderRoute(ctx, route, routePages);
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
 * Where the search index goes and its file: made apart by the schedule
 * (`options.searchIndex`, its file then added by the schedule when a worker
 * builds it), on request in the dev server, or built here.
 */
function searchIndex(site: Site, routes: ReadonlyArray<Route>, contents: Contents, options: GenerateOptions): { path: string; file?: OutputFile; onRequest?: () => string } {
  const records = once(() => during('zoekrecords', null, () => searchRecords(routes, contents, site.config.locale.lang, site.config.layout)));
  const recordsJson = once(() => JSON.stringify(records()));
  const build = () => buildSearchIndex(records(), indexOptions);
  const index = () => (options.cache ? options.cache.searchIndex.get([recordsJson()], build) : build());
  if (options.render === 'on-request') return { path: devSearchIndexPath, onRequest: once(index) };
  if (options.searchIndex) {
    const { path, index: known } = options.searchIndex;
    return known === null ? { path } : { path, file: { path, data: known } };
  }
  const path = searchIndexPath(recordsJson(), '');
  return { path, file: { path, data: index() } };
}

/** The records the search index is built from: what `generate` indexes, for an index built apart. */
export function searchIndexRecords(analysis: Analysis, markdown: Result<Contents>): SearchRecord[] {
  if (!analysis.site) return [];
  const { site } = analysis;
  return during('zoekrecords', null, () => searchRecords(valueOf(buildRoutes(site)) ?? [], valueOf(markdown) ?? new Map(), site.config.locale.lang, site.config.layout));
}

/**
 * Where a production build puts the search index: a name with a hash of what
 * the index is made of, its records (as JSON) and the version of the code
 * that makes it (`builder`). Unlike a hash of the index itself, it is known
 * before the index is built, so the pages can be rendered and written while a
 * worker builds it (pipeline/io/search-index.ts); and it still changes with
 * every change to the index, so browsers may cache it for good.
 */
export const searchIndexPath = (recordsJson: string, builder: string): string =>
  `assets/search-index-${contentHash(`${builder}\0${recordsJson}`)}.json`;

/** Code-unit order: the machine's locale must not change anything about the output. */
export const byPath = (a: OutputFile, b: OutputFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** A thunk that computes its value the first time only. */
function once<T>(compute: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: compute() }).v;
}
