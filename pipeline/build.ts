/**
 * The stage graph, top to bottom. Everything here is pure: the io edges
 * (pipeline/io) read the sources before `analyse` and write the files after
 * `generate`; the highlighter and mermaid SVGs are made at the edge in between.
 *
 *   SourceTree ─parse─▶ Parsed[] ─validate─▶ Validated ─resolve─▶ Site
 *   Site ─markdown─▶ Content per page ─routes─▶ Route[] ─links─▶ problems
 *   Route[] ─render─▶ OutputFile[]
 */
import type { Highlighter } from './stages/highlight.ts';
import type { SourceTree } from './io/read.ts';
import { parseDataFile, parseSources } from './stages/parse.ts';
import { validate } from './stages/validate.ts';
import { resolve, type Mode, type Site } from './stages/resolve.ts';
import { hashAssets, type Assets } from './stages/assets.ts';
import type { Content, Diagram } from './stages/markdown.ts';
import { codeIndex, codeLanguages, diagramSources, type CodeIndex } from './stages/code-blocks.ts';
import { markdownContext, markdownJobs, renderJob, type MarkdownJobs } from './stages/site-markdown.ts';
import { buildRoutes, outputFile, type Route } from './stages/routes.ts';
import { checkLinks } from './stages/links.ts';
import { searchRecords, type SearchRecord } from './stages/search-records.ts';
import { buildSearchIndex } from './stages/search-index.ts';
import { indexOptions } from '../theme/client/search-options.ts';
import { contentHash } from './stages/assets.ts';
import { buildFeeds, feedPaths } from './stages/feeds.ts';
import { buildSitemap } from './stages/sitemap.ts';
import { buildDiscovery, iconFiles } from './stages/discovery.ts';
import { sortProblems, unprocessable, type Problem } from './problem.ts';
import { checkSecurityTxt, securityTxt, securityTxtPath } from './stages/security-txt.ts';
import { renderRoute } from '../renderer/render.tsx';
import { renderMemo, type ThemeAssets } from '../renderer/context.ts';
import { routePages } from '../theme/pages/route-pages.tsx';
import type { BuildCache, BuildMemo } from './memo.ts';
import type { SourceFile } from './io/read.ts';
import type { OutputFile } from './types.ts';
import { pipe } from 'fp-ts/function';
import { chain, map, ok, problemsOf, valueOf } from './result.ts';

export type { OutputFile } from './types.ts';

export interface Analysis {
  readonly site: Site | null;
  readonly assets: Assets;
  /** Every page's fenced code blocks, found once. */
  readonly code: CodeIndex;
  /** Code languages and mermaid sources the content uses: the io edge prepares exactly these. */
  readonly languages: ReadonlyArray<string>;
  readonly diagrams: ReadonlyMap<string, string>;
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

/** parseSources, one file at a time through the memo when there is one. */
function parseWithMemo(files: ReadonlyArray<SourceFile>, memo: BuildMemo | undefined, cache: BuildCache | undefined): ReturnType<typeof parseSources> {
  if (!memo) return parseSources(files, cache?.trees);
  const parsed: ReturnType<typeof parseSources>['parsed'] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const result = memo.parsed.get(file.path, [file.display, file.text], () => parseSources([file], cache?.trees));
    parsed.push(...result.parsed);
    problems.push(...result.problems);
  }
  memo.parsed.keepOnly(new Set(files.map((f) => f.path)));
  return { parsed, problems };
}

/** read → parse → validate → resolve. */
export function analyse(sources: SourceTree, mode: Mode, options: AnalyseOptions = {}): Analysis {
  // Without a content folder every other message would only be a consequence of that one.
  const missing = sources.problems.filter((p) => p.code === 'content-missing');
  if (missing.length) return { site: null, assets: new Map(), code: new Map(), languages: [], diagrams: new Map(), problems: missing };
  const parsed = parseWithMemo(sources.files, options.memo, options.cache);
  const config = sources.config ? parseDataFile(sources.config) : null;
  const validation = validate(parsed.parsed, config?.parsed ?? null);
  const validated = valueOf(validation);
  const resolved = pipe(validation, chain((v) => resolve(v, mode)));
  const code = codeIndex((validated?.entries ?? []).map((e) => e.tree));
  const blocks = [...code.values()].flat();
  const security = validated?.config?.securityTxt;
  const expiry = security && options.today && sources.config
    ? checkSecurityTxt(security, options.today, sources.config.display, validated.configPlace(['securityTxt', 'expires']))
    : ok(undefined);
  return {
    site: valueOf(resolved),
    assets: hashAssets(sources.assets),
    code,
    languages: codeLanguages(blocks),
    diagrams: diagramSources(blocks),
    problems: [...sources.problems, ...parsed.problems, ...(config?.problems ?? []), ...problemsOf(resolved), ...problemsOf(expiry)],
  };
}

export interface Effects {
  /** Made for `Analysis.languages`; null when no page's markdown has to be rendered (all in the cache). */
  readonly highlighter: Highlighter | null;
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
  readonly theme: ThemeAssets;
  /** Files the theme contributes (stylesheet, bundle, logos) at their public paths. */
  readonly themeFiles: ReadonlyArray<OutputFile>;
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
}

/** Search index path in development, where its content hash would only cost time. */
export const devSearchIndexPath = 'assets/search-index-dev.json';

/** The file a route's page comes from, when it has one. */
const routeSource = (route: Route): string | null =>
  'doc' in route ? route.doc.entry.file.display
    : 'post' in route ? route.post.entry.file.display
      : 'page' in route && route.page ? route.page.entry.file.display
        : null;

/** The markdown stage's result for every page, with its problems. */
export interface MarkdownStage {
  readonly contents: ReadonlyMap<string, Content>;
  readonly problems: ReadonlyArray<Problem>;
}

/**
 * The markdown of every page, through the memo and cache when there are.
 * `jobs` are the site's markdown jobs when the caller made them already
 * (the schedule does, to render some pages early).
 */
export function markdownStage(analysis: Analysis, effects: Pick<Effects, 'highlighter' | 'diagrams'>, options: Pick<GenerateOptions, 'memo' | 'cache'> & { readonly jobs?: MarkdownJobs } = {}): MarkdownStage {
  const { site } = analysis;
  if (!site) return { contents: new Map(), problems: [] };
  const input = { site, code: analysis.code, assets: analysis.assets, languages: analysis.languages, diagrams: effects.diagrams };
  const { jobs, permalinks } = options.jobs ?? markdownJobs(input);
  const ctx = markdownContext(input, permalinks, effects.highlighter);
  const { memo, cache } = options;
  const rendered = jobs.map((job) => {
    const renderOnce = () => renderJob(job, ctx);
    const render = cache ? () => cache.markdown.get(job.key, renderOnce) : renderOnce;
    return memo ? memo.markdown.get(job.input.path, job.key, render) : render();
  });
  memo?.markdown.keepOnly(new Set(jobs.map((j) => j.input.path)));
  return {
    contents: new Map(jobs.map((job, i) => [job.entry.permalink, rendered[i]!.content] as const)),
    problems: rendered.flatMap((r) => r.problems),
  };
}

/** markdown → routes → links → render. */
export function generate(analysis: Analysis, effects: Effects, options: GenerateOptions, markdown: MarkdownStage = markdownStage(analysis, effects, options)): Generated {
  const files = generating(analysis, effects, options, markdown);
  for (;;) {
    const step = files.next();
    if (step.done) return step.value;
  }
}

/**
 * `generate`, handing out each file as soon as it is made (the pages one by
 * one), so the io edge can write while the rest renders. Its return value is
 * what `generate` returns.
 */
export function* generating(analysis: Analysis, effects: Effects, options: GenerateOptions, markdown: MarkdownStage): Generator<OutputFile, Generated> {
  const { site, assets } = analysis;
  if (!site) return { routes: [], contents: new Map(), files: [], problems: sortProblems(analysis.problems) };
  const { contents } = markdown;
  const { cache } = options;

  const assetUrls = new Set([...assets.values()].map((a) => a.url));
  const linked = pipe(
    buildRoutes(site),
    chain((routes) => pipe(checkLinks({ routes, contents, files: assetUrls, draftPermalinks: site.draftPermalinks }), map(() => routes))),
  );
  const routes = valueOf(linked) ?? [];
  const problems: Problem[] = [...analysis.problems, ...markdown.problems, ...problemsOf(linked)];

  const files: OutputFile[] = [];
  /** Keeps the files for the result, and hands each out. */
  function* made(...some: OutputFile[]): Generator<OutputFile> {
    for (const file of some) {
      files.push(file);
      yield file;
    }
  }
  const onRequest = new Map<string, () => OutputFile['data']>();
  if (options.render) {
    const lazy = options.render === 'on-request';
    const records = once(() => searchRecords(routes, contents, site.config.locale.lang));
    const recordsJson = once(() => JSON.stringify(records()));
    const searchIndex = () => (cache ? cache.searchIndex.get([recordsJson()], () => buildSearchIndex(records(), indexOptions)) : buildSearchIndex(records(), indexOptions));
    let indexPath = devSearchIndexPath;
    if (lazy) onRequest.set(indexPath, once(searchIndex));
    else if (options.searchIndex) {
      indexPath = options.searchIndex.path;
      if (options.searchIndex.index !== null) yield* made({ path: indexPath, data: options.searchIndex.index });
    } else {
      indexPath = searchIndexPath(recordsJson(), '');
      yield* made({ path: indexPath, data: searchIndex() });
    }
    const byUrl = new Map([...assets.values()].map((a) => [a.path, a.url] as const));
    const theme = { ...effects.theme, searchIndex: `/${indexPath}` };
    const ctx = { site, contents, theme, assetUrl: (p: string) => byUrl.get(p) ?? null, dev: site.mode === 'development', memo: renderMemo() };
    for (const route of routes) {
      const render = (): string | Problem => {
        try {
          return renderRoute(ctx, route, routePages);
        } catch (err) {
          return unprocessable(routeSource(route) ?? 'dist-config/site.yml', err);
        }
      };
      if (lazy) {
        // In the dev server a page that cannot be rendered shows the problem instead.
        onRequest.set(outputFile(route.path), once(() => {
          const result = render();
          return typeof result === 'string' ? result : `${result.file}: ${result.message}`;
        }));
        continue;
      }
      const result = render();
      if (typeof result === 'string') yield* made({ path: outputFile(route.path), data: result });
      // A broken navbar item breaks every page: report it once.
      else if (!problems.some((p) => p.code === result.code && p.file === result.file && p.message === result.message)) problems.push(result);
    }
    for (const asset of assets.values()) yield* made({ path: asset.url.slice(1), data: asset.bytes });
    // ── Publishing (issue 14): blog feeds, sitemap and robots.txt, OpenSearch and the web app manifest.
    const feeds = once(() => buildFeeds(site, contents, { assetUrl: ctx.assetUrl, css: theme.css, icon: theme.files.get(iconFiles.png512) ?? `/${iconFiles.png512}` }));
    if (lazy) {
      for (const url of Object.values(feedPaths)) onRequest.set(url.slice(1), () => feeds().find((f) => f.path === url.slice(1))?.data ?? '');
    } else yield* made(...feeds());
    yield* made(
      ...buildSitemap(site, routes),
      ...buildDiscovery(site, theme.files),
    );
    // ── end publishing
    if (site.config.securityTxt) yield* made({ path: securityTxtPath, data: securityTxt({ ...site.config, securityTxt: site.config.securityTxt }) });
    yield* made(...effects.themeFiles);
    files.sort(byPath);
  }
  return { routes, contents, files, problems: sortProblems(problems), ...(options.render === 'on-request' ? { onRequest } : {}) };
}

/** The records the search index is built from: what `generate` indexes, for an index built apart. */
export function searchIndexRecords(analysis: Analysis, markdown: MarkdownStage): SearchRecord[] {
  if (!analysis.site) return [];
  return searchRecords(valueOf(buildRoutes(analysis.site)) ?? [], markdown.contents, analysis.site.config.locale.lang);
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
