/**
 * The schedule: the one place that knows about threads, Chromium and caches.
 * It runs the pure stage graph (pipeline/build.ts) with its effects, and
 * orders the work so that both cores stay busy; the stages never call it.
 *
 *   main thread          read ─ parse (+ diagrams sent as found) ─ analyse ─ markdown ahead ┐      pages as their code ─ markdown ─ render pages ─▶ writer
 *   other core           Chromium draws the diagrams ──────────────────────────────────────┴ shiki threads highlight ┘   search index worker ─▶ writer
 *   writer thread                                                                                                 writes dist/ as the pages come
 *
 * The invariant that makes this safe: every piece of work done early or
 * elsewhere (a page's markdown, a highlighted block, a diagram, the search
 * index) goes into a store under a key that covers all its inputs, and the
 * graph then finds exactly what it would have computed. Chromium and the
 * highlight threads never run together (their memory would add up), and the
 * build's output never depends on which ran first.
 *
 * The dev server (`npm start`) passes a memo that outlives one build and
 * renders pages on request; a production build with a cache on disk gets the
 * threads; without one (tests) everything runs in process.
 */
import path from 'node:path';
import os from 'node:os';
import type { SourceTree } from '../io/read.ts';
import { readSources } from '../io/read.ts';
import { createHighlighter } from '../io/highlight/shiki.ts';
import { DiagramDrawer, diagramCacheDir, mermaidBrowserFiles } from '../io/mermaid.ts';
import { HighlightWorkers } from '../io/highlight/workers.ts';
import { rememberedBlocks, StoredBlocks } from '../io/highlight/stored.ts';
import { feedStylesheetTemplate, loadTheme } from '../io/theme.ts';
import { themeCode } from '../../theme/theme-code.ts';
import { loadSiteComponents, siteAssetFiles, siteFacts, type SiteComponents } from '../io/site-components.ts';
import { reactPagePermalink, withReactPages } from '../stages/react-pages.ts';
import { map as mapResult } from '../result.ts';
import { pipe } from 'fp-ts/function';
import { unnamedSiteCode } from '../io/site-code.ts';
import { runSitePlugins, sitePluginOptions } from '../io/site-plugins.ts';
import { defaultLimits, type BoxLimits } from '../io/component-box.ts';
import { siteComponentUses } from '../../renderer/body/site-component-uses.ts';
import { valueOf } from '../result.ts';
import type { SiteWriter } from '../io/write.ts';
import { buildCacheDir, generatorKey, readBuildCache, releaseStore, writeBuildCache } from '../io/build-cache.ts';
import { SpillFile } from '../io/spill-file.ts';
import { compactResult, compactStored, keptResult } from '../io/compact-contents.ts';
import { helperContext, MarkdownHelper } from '../io/markdown-helper.ts';
import { releaseHeap } from '../io/release-heap.ts';
import { spilledJobs, treeText, withTreeRestored } from '../io/spilled-trees.ts';
import { contentHash } from '../content-hash.ts';
import { IndexWorker, keptSections, searchIndexBuild } from '../io/search-index.ts';
import { parseAhead, whileWaiting } from './parse-ahead.ts';
import { analyse, byPath, devSearchIndex, generating, markdownJobs, markdownStage, searchIndexKey, searchIndexPath, searchIndexSections, type Analysis, type Effects, type Generated, type SearchIndexFile, type OutputFile } from '../build.ts';
import { highlightRequests, type Highlighter, type HighlightRequest } from '../stages/highlight/requests.ts';
import { isHighlightedCode } from '../stages/code-blocks.ts';
import { mermaidSources } from '../stages/markdown.ts';
import { siteFormat } from '../stages/parse.ts';
import { markdownContext, renderJob, type MarkdownJob, type MarkdownJobs } from '../stages/site-markdown.ts';
import { jobsWithoutTrees, siteWithoutPageTrees, siteWithoutTrees } from '../stages/without-trees.ts';
import { during } from '../internal-error.ts';
import { stopwatch } from '../io/stopwatch.ts';
import { PageReuse, contentKeys, siteRenderKey } from '../io/page-reuse.ts';
import { WrittenBodyStore } from '../io/written-bodies.ts';
import { siteCodeKeys } from '../io/site-code-keys.ts';
import { siteCodeEnvironment } from '../io/sandbox.ts';
import { searchIndexJson, type Section } from '../stages/search-index.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import type { Mode } from '../types.ts';
import { sortProblems, type Problem } from '../problem.ts';
import type { BuildCache, BuildMemo, LoadedTheme } from '../memo.ts';
import { loadCustomCss } from '../io/custom-css.ts';
import { MarkdownPluginBox, markdownPluginVersions, siteCodeFilesOf } from '../io/markdown-plugins.ts';
import { markdownPluginsAhead } from './markdown-plugins-ahead.ts';
import type { MarkdownPluginTrees } from '../stages/site-markdown.ts';
import type { Site } from '../types.ts';
import { generateSidebarParts, type GeneratedParts } from '../io/sidebar-generators.ts';

export interface BuildOptions {
  readonly content: string;
  readonly config: string;
  readonly mode: Mode;
  /** `'on-request'`: pages are rendered when the dev server is asked for them. */
  readonly render: boolean | 'on-request';
  readonly cacheDir: string;
  /** Parse and markdown results kept between the dev server's rebuilds. */
  readonly memo?: BuildMemo;
  /** Today's date (`2026-11-22`) for the security.txt expiry check; left out: no check. */
  readonly today?: string;
  /** Keep parse and markdown results in `cacheDir` for the next build (`npm run build`, `check`). */
  readonly persist?: boolean;
  /** Gets each output file as soon as it is made (`build`); the caller finishes or abandons it. */
  readonly writer?: SiteWriter;
  /** From how many pages' markdown a build spills it (`spillFrom`); tests spill a small site. */
  readonly spillFrom?: number;
  /** From how many pages not in the cache a large build makes markdown in a helper thread too (`markdownHelperFrom`); tests use a small site. */
  readonly markdownHelperFrom?: number;
}

/** What a build did, besides its result: counted so that tests can assert a warm build's work. */
export interface BuildStats {
  /** Pages React rendered; the others came from the previous output (pipeline/io/page-reuse.ts). */
  readonly pagesRendered: number;
  readonly pagesReused: number;
  /** Reused pages and feeds read back from the output and hashed (their stamp had changed); left out without reuse. */
  readonly pagesReadBack?: number;
  /** Feed files made anew (the others came from the previous output); left out without reuse. */
  readonly feedsRendered?: number;
  /** Page bodies written to HTML; the others came from the build cache (pipeline/io/written-bodies.ts). Left out: no such cache. */
  readonly bodiesWritten?: number;
  /** Code blocks shiki highlighted; the others came from the build cache (pipeline/io/highlight/stored.ts). Left out: no such cache. */
  readonly blocksHighlighted?: number;
  /** Search sections tokenized; the others' terms came from the build cache (pipeline/io/search-index.ts). Left out: no such cache. */
  readonly sectionsIndexed?: number;
  /** Pages whose search sections were made from their trees; the others' came from the build cache (pipeline/io/search-index.ts). Left out: no such cache. */
  readonly pagesSectioned?: number;
  /** Trees from the build cache that a stage looked into; the others were answered by their summaries (pipeline/stages/shared/stored-tree.ts). Left out: no such cache. */
  readonly treesRead?: number;
  /** Whether the component box ran (0 or 1); left out: the site has no code of its own. An unchanged site's code is replayed (pipeline/io/site-code-replay.ts). */
  readonly siteCodeRan?: number;
  /** Pages whose markdown the helper thread made (pipeline/io/markdown-helper.ts); left out: the build had none. */
  readonly markdownHelped?: number;
}

export interface Built extends Generated {
  readonly stats: BuildStats;
}

/**
 * Runs the whole pipeline with its effects, except writing: the output files
 * go to `options.writer` when there is one. Never throws for bad content.
 */
export async function runBuild(options: BuildOptions): Promise<Built> {
  const lap = stopwatch();
  // The cache first: the configuration's reading comes from its YAML store.
  const cache = options.persist ? await readBuildCache(options.cacheDir) : undefined;
  const sources = await readSources(options.content, options.config, cache?.yaml);
  lap('lezen');
  const drawer = new DiagramDrawer(diagramCacheDir(options.cacheDir));
  if (cache) drawer.expect(sources.files.map((file) => file.text));
  // The dev server keeps one highlighter in process for all its rebuilds; a build with a cache
  // highlights in worker threads.
  const threads: { workers: HighlightWorkers | null; stopping?: Promise<void> } = { workers: null };
  let box: SiteComponents | null = null;
  let spill: SpillFile | null = null;
  let helper: MarkdownHelper<MarkdownJob> | null = null;
  // After an earlier build, the search index is made in a worker started now (pipeline/io/search-index.ts). A cold
  // build starts its worker when the sections are there: an idle thread would add to the memory of the parsing.
  const indexWorker = options.render === true && cache && cache.searchIndex.earlierSize > 0 ? new IndexWorker() : null;
  try {
    // `let`: once the markdown is made, the build goes on with these without the Markdown trees.
    let analysed = await analyseWhileDrawing(sources, drawer, options, cache);
    lap('parsen en valideren');
    let { site } = analysed;
    if (!site) {
      await drawer.finish(new Map());
      return { routes: [], contents: new Map(), files: [], problems: sortProblems(analysed.problems), stats: { pagesRendered: 0, pagesReused: 0 } };
    }
    const { config } = site;
    const drawing = drawer.finish(analysed.diagrams);
    // The theme's files, read (or bundled) while the diagrams are drawn.
    const themeLoading = options.render ? handled(options.memo ? rememberedTheme(options.memo, options.cacheDir) : loadTheme({ cacheDir: options.cacheDir })) : null;
    // The site's own components, when the configuration names them, loaded in their box while the diagrams are drawn.
    // The site's local plugins run first, in their box: their data is what site code reads, their routes are pages.
    const pluginOptions = sitePluginOptions(config, options.content, options.cacheDir, options.persist === true);
    const plugins = handled(runSitePlugins(pluginOptions));
    const siteComponents = handled(plugins.then((ran) => loadSiteComponents({
      content: options.content, folder: config.mdx?.components, componentMap: config.mdx?.componentMap, cacheDir: options.cacheDir, display: path.relative(process.cwd(), options.content) || '.',
      staticFolders: config.layout.static, limits: boxLimits(config.siteCode),
      persist: keepsSiteCode(options),
      pages: config.layout.pages && sources.reactPages ? { folder: config.layout.pages.path, files: sources.reactPages } : undefined,
      site: { ...siteFacts(config, options.content), globalData: ran.globalData }, routeComponents: ran.routes.map((route) => route.component),
    })).then((made) => (box = made)));
    const unnamedCode = handled(plugins.then((ran) => unnamedSiteCode(options.content, path.relative(process.cwd(), options.content) || '.', {
      components: config.mdx?.components, componentMap: config.mdx?.componentMap, static: config.layout.static, pages: config.layout.pages?.path,
      plugins: [...config.plugins?.map((p) => p.path) ?? [], ...siteCodeFilesOf(config.layout)], routeComponents: ran.routes.map((route) => route.component),
      output: options.writer?.outDir,
    })));
    // The names and versions of the site's remark and rehype plugins: part of the key of every page of their area.
    const pluginVersions = markdownPluginVersions(options.content, config.layout, siteCodeEnvironment(pluginOptions.limits.env));
    // A large site's Markdown trees, and then its markdown, go to a spill file, and are read back from there
    // by whichever step asks (pipeline/io/spilled-trees.ts, pipeline/io/compact-contents.ts): never all of them in memory at once.
    const large = options.render === true && cache !== undefined && site.docs.length + site.posts.length + site.pages.length >= (options.spillFrom ?? spillFrom);
    spill = large ? SpillFile.open(buildCacheDir(options.cacheDir)) : null;
    const into = spill;
    // The jobs of the pages that need neither Chromium nor shiki, made now, while `analysed` has every tree:
    // the main thread makes their markdown should Chromium still be drawing (see `whileWaiting` below).
    let madeAhead = cache ? needingNothing(markdownJobs(analysed, null, undefined, pluginVersions)!) : null;
    let madeAheadDone = (): void => {};
    const madeAheadFinished = new Promise<void>((resolve) => { madeAheadDone = resolve; });
    // The site's markdown jobs (and their cache keys), made once the diagrams are drawn.
    // They wait for the site's components too: an MDX page's result depends on which exist.
    let madeJobs = handled(Promise.all([drawing, siteComponents]).then(([drawn, made]) => markdownJobs(analysed, drawn, made.components, pluginVersions)!));
    if (into && cache) {
      // Each page's markdown reads its own tree back from the spill file, so the build lets go of them all once
      // its jobs are made and the markdown made ahead is done, before shiki's threads start: their memory and the
      // trees' never add up. The tree store is written from the spill file, and the heap given back
      // (pipeline/io/release-heap.ts).
      const spilledSite = siteWithoutPageTrees(site);
      madeJobs = handled(madeJobs.then(async (made) => {
        await madeAheadFinished;
        analysed = { ...analysed, site: spilledSite, code: new Map() };
        site = spilledSite;
        // A page whose markdown the cache holds (a warm build, or made while Chromium drew) needs no tree.
        return spilledJobs(made, spilledSite, cache.trees, into, (job) => cache.markdown.find(cache.markdown.keyOf(job.key)) !== undefined);
      }).then(async (spilled) => {
        await letTreesGo(options.cacheDir, cache);
        releaseHeap();
        lap('bomen weggezet');
        return spilled;
      }));
    }
    // Highlighted blocks come from the cache first; shiki loads only for the missing ones, once Chromium is
    // done (their memory and its never add up): in the main thread when they are few (two threads that each
    // load every grammar cost more), else in the highlight threads, on both cores, while the main thread
    // mostly waits for them.
    let storedBlocks: StoredBlocks | null = null;
    const highlighting = !cache ? handled(createHighlighter(analysed.languages).then((real) => (options.memo ? rememberedBlocks(real, options.memo, analysed.languages) : real)))
      : handled(madeJobs.then(async (made) => {
        // Every page in the cache: no highlighter to load (its grammars and WebAssembly cost 0.1 to 0.2 s).
        const ahead = highlightAhead(made, cache);
        if (ahead.length === 0) return null;
        const stored = (storedBlocks = new StoredBlocks(cache.code, cache.languages, analysed.languages));
        const missing = stored.missing(ahead);
        const real = missing.length === 0 ? null
          : missing.length <= inProcessBlocks ? await createHighlighter(analysed.languages)
            : (threads.workers = new HighlightWorkers()).start(analysed.languages, missing);
        return stored.highlighter(real, () => (threads.workers = new HighlightWorkers(1)).start(analysed.languages, []));
      }));
    const loaded = themeLoading && await themeLoading;
    lap('thema');
    // Every build with a cache keeps its markdown in the form the store writes, whose trees the next build parses when asked.
    if (cache) cache.markdown.keepMadeAs(into ? (result) => compactResult(result, into) : keptResult);
    // So do the search sections of each page: the main thread does not hold them while the worker builds the index.
    if (cache && into) cache.searchSections.keepMadeAs((made) => into.add(JSON.stringify(made)));
    // Should Chromium still be drawing, the main thread makes the markdown of the pages that need neither it nor shiki.
    // (No block is ready: there is no highlighter yet, and these pages show none.)
    if (madeAhead && cache) await whileWaiting(drawing, markdownAhead(madeAhead, null, cache, () => false));
    madeAhead = null;
    madeAheadDone();
    const diagrams = await drawing;
    const highlighter: Highlighter | null = await highlighting;
    lap('diagrammen');
    // Without Chromium the pages draw their diagrams themselves: the theme then carries mermaid.
    const mermaidInBrowser = diagrams === null && analysed.diagrams.size > 0;
    const { theme, files } = !loaded ? { theme: { css: '', js: null, files: new Map() }, files: [] }
      : mermaidInBrowser ? { ...loaded, files: [...loaded.files, ...mermaidBrowserFiles().files] }
        : loaded;
    const components = await siteComponents;
    // The site's own CSS: its components' stylesheets and its customCss, after the theme's.
    const customCss = loadCustomCss({
      content: options.content, display: path.relative(process.cwd(), options.content) || '.', config: site.config.customCss,
      themeCss: String(files.find((f) => `/${f.path}` === theme.css)?.data ?? ''),
    });
    const hasStyles = customCss.file !== null || Object.keys(components.styles.byComponent).length > 0;
    // A site with interactive components: every page loads the island loader (a client navigation may lead to an island).
    const { islands } = components;
    let effects: Effects = {
      highlighter, diagrams, theme: islands.loader ? { ...theme, islands: islands.loader } : theme, themeFiles: [...files, ...islands.files], themeCode, feedStylesheet: feedStylesheetTemplate(), ...(Object.keys(components.components).length ? { siteComponents: components.components } : {}),
      ...(hasStyles ? { siteStyles: { components: components.styles, custom: customCss.file } } : {}),
    };
    let jobs = await madeJobs;
    // The markdown of each page as soon as its code comes back from the highlight threads; the stage then finds them in the cache.
    const workers = threads.workers;
    // A large build makes pages in a helper thread beside the main thread as well (pipeline/io/markdown-helper.ts).
    helper = cache && into ? markdownHelper(jobs, cache, options.markdownHelperFrom ?? markdownHelperFrom) : null;
    const blocks = storedBlocks as StoredBlocks | null;
    const helping: Helping | null = helper && into ? {
      helper, into,
      blocks: (requests) => {
        if (!blocks || !highlighter) return null;
        const found = requests.map((request) => blocks.blockJson(highlighter, request));
        return found.every((block) => block !== null) ? found : null;
      },
    } : null;
    try {
      if (cache && workers) {
        for (const progressed of markdownAhead(jobs, highlighter, cache, (request) => workers.ready(request), helping)) {
          if (!progressed && !workers.nextAnswer()) break;
        }
      } else if (cache && into) {
        // Highlighted in this thread (or not at all): every block is ready. Made here, each tree is read back once.
        for (const _ of markdownAhead(jobs, highlighter, cache, () => true, helping));
      }
    } finally {
      helper?.close();
    }
    const stores = { ...(options.memo ? { memo: options.memo } : {}), ...(cache ? { cache } : {}) };
    // The site's remark and rehype plugins run in their box now: the stage finds their trees as a value.
    if (pluginVersions.size > 0) {
      effects = { ...effects, markdownPlugins: await pluginTreesFor(jobs, highlighter, site, pluginVersions, options, cache) };
      lap('remark- en rehype-plugins');
    }
    const markdownOnly = markdownStage(analysed, effects, { ...stores, jobs });
    lap('markdown');
    if (effects.siteComponents && options.render) {
      // The box renders every use of a component now: the pages render synchronously, and find them done.
      const contents = [...(valueOf(markdownOnly)?.values() ?? [])];
      await components.prerender(siteComponentUses(contents.flatMap((c) => (c.excerpt ? [c.body, c.excerpt] : [c.body])), new Set(Object.keys(effects.siteComponents))));
      lap('componenten');
    }
    // React pages render in the box too, also for `check`: links to them are checked against their routes.
    const ownPages = await components.renderPages(reactPagePermalink);
    const ran = await plugins;
    const routePages = await components.renderRoutes(ran.routes);
    const reactPages = { pages: [...ownPages.pages, ...routePages.pages], problems: [...ran.problems, ...ownPages.problems, ...routePages.problems] };
    components.close();
    // The markdown is made, and no stage reads a Markdown tree any more: the tree store is written now
    // and let go (a large build's went to the spill file before the markdown), and the build goes on with
    // the site and jobs without trees (pipeline/stages/without-trees.ts), so that the pages render without
    // every tree of the site held (docs/performance.md).
    if (cache) await letTreesGo(options.cacheDir, cache);
    site = siteWithoutTrees(site);
    analysed = { ...analysed, site, code: new Map() };
    jobs = jobsWithoutTrees(jobs, site);
    // The settled promise would keep the jobs it was settled with, and their trees.
    madeJobs = Promise.resolve(jobs);
    if (large) {
      // The markdown step's garbage is free now, but V8 keeps its heap for the rest of the build
      // (pipeline/io/release-heap.ts). The highlight threads stop first: their memory and the collection's never add up.
      await threads.workers?.close();
      threads.workers = null;
      releaseHeap();
      lap('heap teruggegeven');
    }
    let analysis = analysed;
    let markdown = markdownOnly;
    if (reactPages.pages.length > 0) {
      const { site: withPages, contents } = withReactPages(site, valueOf(markdownOnly) ?? new Map(), reactPages.pages);
      analysis = { ...analysed, site: withPages };
      markdown = pipe(markdownOnly, mapResult(() => contents));
    }
    // Done with shiki: its threads stop while the first pages render. Waiting for them would leave
    // the other core idle; the build's memory peak (Chromium's) is long past.
    threads.stopping = threads.workers?.close();
    threads.workers = null;
    // The search index: in the dev server made when asked for; in a build from the cache, or a
    // worker builds it while the pages render.
    // Unchanged pages come from the previous output. What site code gave them (a component's HTML, a React
    // page) is keyed by what it is, and a page's reads of it are written down like its reads of markdown.
    const reusable = options.render === true && options.writer && cache && analysis.site ? options.writer : null;
    const siteKey = reusable && analysis.site ? siteRenderKey({ sources, mode: options.mode, site: analysis.site, effects }) : null;
    const pageKeys = reusable && cache
      ? new Map([...contentKeys(valueOf(markdown) ?? new Map(), jobs.jobs, (key) => cache.markdown.keyOf(key)), ...siteCodeKeys(components.renders, reactPages.pages)])
      : null;
    let sectionsMade: ReadonlyArray<Section> | null = null;
    const pageSections = cache ? keptSections(cache.searchSections, new Map(jobs.jobs.map((job) => [job.entry.permalink, cache.markdown.keyOf(job.key)] as const))) : undefined;
    const sections = (): ReadonlyArray<Section> => (sectionsMade ??= searchIndexSections(analysis, markdown, pageSections));
    const index: (SearchIndexFile & { readonly building?: Promise<string> }) | null = options.render === 'on-request' ? devSearchIndex(analysis, markdown, themeCode.searchIndex)
      : options.render ? searchIndexFor(sections, cache, siteKey !== null && pageKeys !== null ? searchInputsKey(siteKey, pageKeys) : null, indexWorker) : null;
    // The sections are made again should a failing worker leave the index to this thread; not held meanwhile.
    sectionsMade = null;
    if (options.render === true && !index?.building) lap('zoekindex');
    const reuse = reusable && siteKey !== null && pageKeys !== null && index ? PageReuse.open(options.cacheDir, reusable.outDir, siteKey, pageKeys) : null;
    if (reuse) components.watchRenders((renders) => reuse.watch(renders));
    // Bodies whose markdown did not change are not written again, unless the site's own components could be in them.
    const bodies = options.render === true && cache && Object.keys(components.components).length === 0
      ? new WrittenBodyStore(cache.bodies, jobs, valueOf(markdownOnly) ?? new Map(), (key) => cache.markdown.keyOf(key), spill)
      : null;
    // With a writer, each file goes to it as soon as it is made, and is not kept (`handOff`).
    const handOff = options.render === true && options.writer !== undefined;
    const pages = generating(analysis, effects, {
      render: options.render, ...stores, ...(index ? { searchIndex: index } : {}), ...(bodies ? { bodies } : {}), ...(handOff ? { handOff } : {}),
      ...(reuse ? { reuse } : {}),
    }, markdown);
    // Each file goes to the writer as soon as it is made: the disk works while the next pages render.
    let step = pages.next();
    for (; !step.done; step = pages.next()) options.writer?.add(step.value);
    let generated = step.value;
    const siteCodeProblems = [...components.problems, ...customCss.problems, ...reactPages.problems, ...await unnamedCode];
    if (options.render && madePaths(generated).length > 0 && components.assets.length > 0) {
      // The images site code imports, at the URLs its HTML names.
      const assets = siteAssetFiles(components.assets, new Set(madePaths(generated)));
      for (const file of assets) options.writer?.add(file);
      generated = withFiles(generated, assets);
    }
    if (siteCodeProblems.length > 0) generated = { ...generated, problems: sortProblems([...generated.problems, ...siteCodeProblems]) };
    lap('pagina\'s');
    bodies?.retain();
    (storedBlocks as StoredBlocks | null)?.retain(jobs.jobs.flatMap((job) => highlightRequests(job.code)));
    // The cache is written while the worker builds the search index (after a change to one page, that is
    // most of the wait); the index's own store once it is there.
    const building = index?.building && madePaths(generated).length > 0 ? index.building : null;
    const kept = Object.keys(cache ?? {}) as Array<keyof BuildCache>;
    const indexStores: ReadonlyArray<keyof BuildCache> = ['searchIndex', 'searchTerms'];
    if (cache) await writeBuildCache(options.cacheDir, cache, building ? kept.filter((store) => !indexStores.includes(store)) : kept);
    // The pages' manifest once the output is in place: it records each page's stamp there.
    if (reuse) options.writer?.afterWrite((written) => reuse.save(written));
    lap('cache bewaren');
    if (index && building) {
      const file = { path: index.path, data: await building };
      options.writer?.add(file);
      generated = withFiles(generated, [file]);
      if (cache) await writeBuildCache(options.cacheDir, cache, indexStores);
      lap('zoekindex');
    }
    // Not before the index is there: should its worker fail, this thread makes the sections again from the spilled markdown.
    spill?.close();
    const stats = {
      ...(reuse ? { pagesRendered: reuse.rendered, pagesReused: reuse.reused, feedsRendered: reuse.feedsRendered, pagesReadBack: reuse.readBack } : { pagesRendered: options.render === true ? generated.routes.length : 0, pagesReused: 0 }),
      ...(bodies ? { bodiesWritten: bodies.written } : {}),
      ...(cache ? { blocksHighlighted: cache.code.misses, sectionsIndexed: cache.searchTerms.misses, pagesSectioned: cache.searchSections.misses, treesRead: cache.trees.readsLater } : {}),
      ...(components.boxStarted() || Object.keys(components.components).length > 0 || reactPages.pages.length > 0 ? { siteCodeRan: components.boxStarted() ? 1 : 0 } : {}),
      ...(helper ? { markdownHelped: helper.made } : {}),
    };
    return { ...generated, stats };
  } finally {
    indexWorker?.stop();
    (box as SiteComponents | null)?.close();
    (spill as SpillFile | null)?.close();
    await threads.workers?.close();
    await threads.stopping;
  }
}

/**
 * At most this many code blocks missing from the cache are highlighted in the
 * main thread; more go to the highlight threads (docs/performance.md).
 */
export const inProcessBlocks = 40;

/**
 * From this many pages' markdown, a build holds the markdown and the written
 * bodies it makes in a spill file while the pages render
 * (pipeline/io/compact-contents.ts, pipeline/io/spill-file.ts): at 30× our
 * content they are 210 and 90 MB of what the main thread holds. Below, writing
 * and parsing them back costs more time than they weigh.
 */
export const spillFrom = 1000;

/**
 * Whether what site code made (the component box's record, a sidebar
 * generator's items) is kept for the next build: in a build with the cache,
 * and in the dev server, where a save that leaves the site's code alone then
 * starts no box.
 */
const keepsSiteCode = (options: BuildOptions): boolean => options.persist === true || options.memo !== undefined;

/** The dev server's theme: loaded once, again after the watcher saw a change outside the content. */
function rememberedTheme(memo: BuildMemo, cacheDir: string): Promise<LoadedTheme> {
  const loading = (memo.theme.loaded ??= loadTheme({ cacheDir }));
  // A failed load is tried again by the next rebuild.
  loading.catch(() => { if (memo.theme.loaded === loading) memo.theme.loaded = null; });
  return loading;
}

/** Writes the tree store and the trees' summaries, and lets go of both: no stage reads a Markdown tree any more. */
async function letTreesGo(cacheDir: string, cache: BuildCache): Promise<void> {
  await writeBuildCache(cacheDir, cache, ['trees', 'treeSummaries']);
  releaseStore(cache.trees);
  releaseStore(cache.treeSummaries);
}

/**
 * read → analyse, with Chromium drawing on the other core: with a cache, the
 * main thread parses ahead into the tree store and sends each diagram to
 * Chromium as soon as its file is parsed; `analyse` then finds the trees.
 */
async function analyseWhileDrawing(sources: SourceTree, drawer: DiagramDrawer, options: BuildOptions, cache: BuildCache | undefined): Promise<Analysis> {
  if (cache) {
    // A parse thread takes the other core once Chromium, when it runs, is done with it.
    let allSent = (): void => {};
    const otherCoreFree = drawer.running ? new Promise<void>((resolve) => { allSent = resolve; }).then(() => drawer.idle()) : Promise.resolve();
    await parseAhead(sources.files, cache.trees, siteFormat(sources.config, cache.yaml), (tree) => { for (const [hash, source] of mermaidSources([tree])) drawer.draw(hash, source); }, () => { drawer.allSent(); allSent(); }, otherCoreFree);
  }
  const analyseWith = (generatedSidebars?: GeneratedParts['made']) => analyse(sources, options.mode, {
    ...(options.today ? { today: options.today } : {}), ...(options.memo ? { memo: options.memo } : {}), ...(cache ? { cache } : {}),
    ...(generatedSidebars ? { generatedSidebars } : {}),
  });
  const analysed = analyseWith();
  // A docs area's sidebarItemsGenerator runs in the plugin box over the parts resolve names; resolve then reads what it made.
  const asked = analysed.site?.sidebarGenerations;
  if (!analysed.site || !asked?.length) return analysed;
  const generated = await generateSidebarParts(asked, {
    content: options.content, display: path.relative(process.cwd(), options.content) || '.', areas: analysed.site.config.layout.docs,
    limits: sitePluginOptions(analysed.site.config, options.content, options.cacheDir, false).limits, cacheDir: options.cacheDir,
    persist: keepsSiteCode(options),
  });
  const again = analyseWith(generated.made);
  return { ...again, problems: [...again.problems, ...generated.problems] };
}

/**
 * The code blocks of the pages whose markdown is not in the cache, in the
 * order the markdown stage renders them: what the highlight threads work
 * through ahead of the stage.
 */
export const highlightAhead = (made: MarkdownJobs, cache: BuildCache | undefined): HighlightRequest[] =>
  made.jobs.filter((job) => !cache?.markdown.has(job.key)).flatMap((job) => highlightRequests(job.code));

/** The jobs whose markdown needs neither Chromium nor shiki: made ahead while Chromium draws, before a highlighter is there. */
export const needingNothing = (made: MarkdownJobs): MarkdownJobs =>
  ({ ...made, jobs: made.jobs.filter((job) => !job.drawsDiagram && !job.code.some(isHighlightedCode) && !job.plugins) });

/**
 * From how many pages not in the cache a large build makes their markdown with
 * a helper thread beside the main thread: loading the stage in a thread costs
 * 0.2 to 0.3 s of CPU.
 */
export const markdownHelperFrom = 200;

/** The helper for `made`, when a large build has enough pages for it (and a core to run it on). */
function markdownHelper(made: MarkdownJobs, cache: BuildCache, from: number): MarkdownHelper<MarkdownJob> | null {
  if (os.availableParallelism() < 2) return null;
  const left = made.jobs.filter((job) => !job.plugins && !cache.markdown.has(job.key)).length;
  return left >= from ? new MarkdownHelper<MarkdownJob>(helperContext(markdownContext(made, null))) : null;
}

/**
 * The markdown of the jobs not in the cache, into the cache, each as soon as
 * every code block it shows is `ready` (can be had without waiting): work for
 * the main thread while Chromium draws or the highlight threads work, in the
 * order the pages can be made rather than waiting for the next in line. Yields
 * true after each page, false when none is ready (the caller then waits, or
 * stops). The markdown stage finds them all in the cache: the same results, in
 * its own order. With `helping`, a helper thread makes some of them; should
 * the caller stop early, what the helper still has is left to the stage.
 */
export function* markdownAhead(made: MarkdownJobs, highlighter: Highlighter | null, cache: BuildCache, ready: (request: HighlightRequest) => boolean, helping: Helping | null = null): Generator<boolean> {
  const ctx = markdownContext(made, highlighter);
  const make = (job: MarkdownJob): void => {
    cache.markdown.get(job.key, () => during('markdown', job.input.display, () => renderJob(withTreeRestored(job), ctx)));
  };
  // A page with the site's Markdown plugins waits for their box (pluginTreesFor).
  let waiting = made.jobs.filter((job) => !job.plugins && !cache.markdown.has(job.key)).map((job) => ({ job, code: highlightRequests(job.code) }));
  // With a helper thread (a large build), the main thread takes the pages that are ready from the front and the helper
  // from the back, as it has room; their results come back in the stored form (pipeline/io/markdown-helper.ts). A page
  // the helper gives back without a result, the main thread makes.
  const given = new Set<MarkdownJob>();
  const store = ({ into }: Helping, answered: ReturnType<MarkdownHelper<MarkdownJob>['take']>): void => {
    for (const { page, stored } of answered) {
      if (stored) cache.markdown.putJson(cache.markdown.keyOf(page.key), compactStored(stored, into));
      else make(page);
    }
  };
  const give = ({ helper, blocks }: Helping, job: MarkdownJob, requests: ReadonlyArray<HighlightRequest>): void => {
    // A page one of whose blocks cannot be had stays for this thread.
    const found = requests.length === 0 ? [] : blocks(requests);
    if (found === null) return;
    const { tree, ...input } = job.input;
    given.add(job);
    helper.give(job, { input, tree: treeText(tree), display: job.input.display, code: found.length === 0 ? null : { languages: highlighter?.getLoadedLanguages() ?? [], blocks: found } });
  };
  while (waiting.length > 0) {
    const now = waiting.filter(({ code }) => code.every(ready));
    let back = now.length - 1;
    const feed = (front: number): void => {
      if (!helping) return;
      store(helping, helping.helper.take());
      for (; helping.helper.room && back > front; back--) give(helping, now[back]!.job, now[back]!.code);
    };
    feed(-1);
    for (let front = 0; front < now.length; front++) {
      const { job } = now[front]!;
      if (given.has(job)) continue;
      make(job);
      yield true;
      feed(front);
    }
    if (now.length === 0) yield false;
    else {
      // A set: at 100× our content both lists hold some 14 000 pages, and `includes` made each round quadratic.
      const made = new Set(now);
      waiting = waiting.filter((w) => !made.has(w));
    }
  }
  while (helping?.helper.busy) store(helping, helping.helper.wait());
}

/** A large build's helper thread for the markdown, the spill file its results go to, and the highlighted blocks it gets (`StoredBlocks.blockJson`); null when a block cannot be had. */
interface Helping {
  readonly helper: MarkdownHelper<MarkdownJob>;
  readonly into: SpillFile;
  readonly blocks: (requests: ReadonlyArray<HighlightRequest>) => Array<readonly [string, string]> | null;
}

/**
 * The trees of the site's remark and rehype plugins for the pages not in the
 * cache (or, in the dev server, the memo), made in the plugin box
 * (pipeline/schedule/markdown-plugins-ahead.ts); each page made whole goes
 * into the cache or the memo. The box starts only when a page needs it.
 */
async function pluginTreesFor(jobs: MarkdownJobs, highlighter: Highlighter | null, site: Site, versions: ReadonlyMap<string, string>, options: BuildOptions, cache: BuildCache | undefined): Promise<MarkdownPluginTrees> {
  const box = new MarkdownPluginBox({ content: options.content, configFile: site.configFile, limits: sitePluginOptions(site.config, options.content, options.cacheDir, false).limits });
  const kept = cache?.pluginTrees ?? options.memo?.pluginTrees;
  try {
    return await markdownPluginsAhead(jobs, highlighter, site.config.layout, versions, box,
      (job) => (cache ? cache.markdown.has(job.key) : options.memo?.markdown.has(job.input.path, job.key) ?? false),
      (job, result) => (cache ? cache.markdown.get(job.key, () => result) : options.memo?.markdown.get(job.input.path, job.key, () => result)),
      kept ? { store: kept, siteDir: path.resolve(options.content) } : undefined);
  } finally {
    box.close();
  }
}

/**
 * The search index of `sections`: from the cache; assembled here from the
 * cached terms of its sections when few changed; or being built by a worker
 * thread while the main thread goes on (the pages know its path beforehand:
 * `searchIndexPath`).
 */
function searchIndexFor(sections: () => ReadonlyArray<Section>, cache: BuildCache | undefined, inputsKey: string | null, prepared: IndexWorker | null): SearchIndexFile & { readonly building?: Promise<string> } {
  const path = searchIndexPath;
  // A hash of the sections and the generator as the key spares the cache hashing their JSON twice more.
  const key = [inputsKey ?? searchIndexKey(JSON.stringify(sections()), generatorKey())];
  if (cache?.searchIndex.has(key)) return { path, data: cache.searchIndex.get(key, () => searchIndexJson(sections(), indexOptions)) };
  const made = searchIndexBuild(sections, cache?.searchTerms, prepared ?? undefined);
  if ('index' in made) return { path, data: cache ? cache.searchIndex.get(key, () => made.index) : made.index };
  return { path, data: null, building: handled(made.building.then((index) => (cache ? cache.searchIndex.get(key, () => index) : index))) };
}

/**
 * The search index's key from what its records are made of, when pages may
 * come from the previous output: the site's render key (the resolved site,
 * configuration, generator) and the key of each page's markdown and of what
 * site code gave it (the keys of page reuse). A build in which none of those
 * changed finds the index without making the records (1 MB of JSON, hashed).
 */
const searchInputsKey = (siteKey: string, pageKeys: ReadonlyMap<string, string>): string =>
  contentHash(JSON.stringify(['search-index', siteKey, [...pageKeys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]));

/** The paths of the files a build made: kept with their data, or handed out to the writer. */
const madePaths = (generated: Generated): ReadonlyArray<string> => generated.handedOut ?? generated.files.map((f) => f.path);

/** `generated` with `more` files: kept by path order, or, when the files were handed out, their paths. */
const withFiles = (generated: Generated, more: ReadonlyArray<OutputFile>): Generated =>
  generated.handedOut ? { ...generated, handedOut: [...generated.handedOut, ...more.map((f) => f.path)] } : { ...generated, files: [...generated.files, ...more].sort(byPath) };

/**
 * A promise started now and awaited later: should it fail while the build
 * awaits something else, that is not an unhandled rejection (which would end
 * the process with a stack trace); the failure comes out where it is awaited.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

export { stopwatch };

/** `siteCode` from the configuration as the box's limits (seconds → milliseconds). */
const boxLimits = (siteCode: { readonly timeLimit?: number; readonly memoryLimit?: number; readonly env?: ReadonlyArray<string> } | undefined): BoxLimits => ({
  timeLimit: siteCode?.timeLimit !== undefined ? siteCode.timeLimit * 1000 : defaultLimits.timeLimit,
  memoryLimit: siteCode?.memoryLimit ?? defaultLimits.memoryLimit,
  env: siteCode?.env ?? defaultLimits.env,
});
