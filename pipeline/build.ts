/**
 * The stage graph, top to bottom. Everything here is pure: the io edges
 * (pipeline/io) read the sources before `analyse` and write the files after
 * `generate`; the highlighter and mermaid SVGs are made at the edge in between.
 *
 *   SourceTree ─parse─▶ Parsed[] ─validate─▶ Validated ─resolve─▶ Site
 *   Site ─markdown─▶ Content per page ─routes─▶ Route[] ─links─▶ problems
 *   Route[] ─render─▶ OutputFile[]
 */
import type { HighlighterCore } from 'shiki/core';
import type { SourceTree } from './io/read.ts';
import { parseDataFile, parseSources } from './parse.ts';
import { validate } from './validate.ts';
import { resolve, type Mode, type Site } from './resolve.ts';
import { hashAssets, type Assets } from './assets.ts';
import { languagesUsed, mermaidSources, renderMarkdown, type Content, type Diagram } from './markdown.ts';
import { buildRoutes, outputFile, type Route } from './routes.ts';
import { checkLinks } from './links.ts';
import { searchRecords } from './search-records.ts';
import { buildSearchIndex } from './search-index.ts';
import { contentHash } from './assets.ts';
import { buildFeeds } from './feeds.ts';
import { buildSitemap } from './sitemap.ts';
import { buildDiscovery, iconFiles } from './discovery.ts';
import { error, sortProblems, startOfFile, type Problem } from './problem.ts';
import { checkSecurityTxt, securityTxt, securityTxtPath } from './security-txt.ts';
import { renderRoute } from '../renderer/render.tsx';
import type { ThemeAssets } from '../renderer/context.ts';

export interface Analysis {
  readonly site: Site | null;
  readonly assets: Assets;
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
}

/** read → parse → validate → resolve. */
export function analyse(sources: SourceTree, mode: Mode, options: AnalyseOptions = {}): Analysis {
  // Without a content folder every other message would only be a consequence of that one.
  const missing = sources.problems.filter((p) => p.code === 'content-missing');
  if (missing.length) return { site: null, assets: new Map(), languages: [], diagrams: new Map(), problems: missing };
  const parsed = parseSources(sources.files);
  const config = sources.config ? parseDataFile(sources.config) : null;
  const validated = validate(parsed.parsed, config?.parsed ?? null);
  const resolved = resolve(validated.validated, mode);
  const trees = validated.validated.entries.map((e) => e.tree);
  const security = validated.validated.config?.securityTxt;
  const expiry = security && options.today && sources.config
    ? checkSecurityTxt(security, options.today, sources.config.display, validated.validated.configPlace(['securityTxt', 'expires']))
    : [];
  return {
    site: resolved.site,
    assets: hashAssets(sources.assets),
    languages: languagesUsed(trees),
    diagrams: mermaidSources(trees),
    problems: [...sources.problems, ...parsed.problems, ...(config?.problems ?? []), ...validated.problems, ...resolved.problems, ...expiry],
  };
}

export interface OutputFile {
  /** Path inside the output folder: `kennisbank/apis/index.html`. */
  readonly path: string;
  readonly data: string | Uint8Array;
}

export interface Effects {
  readonly highlighter: HighlighterCore | null;
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
}

const unprocessable = (file: string, err: unknown): Problem =>
  error('content-unprocessable', file, startOfFile,
    `Dit bestand kan niet worden verwerkt (${(err instanceof Error ? err.message : String(err)).split('\n')[0]}). Vereenvoudig de opmaak: minder diep geneste of minder herhaalde constructies.`);

/** The file a route's page comes from, when it has one. */
const routeSource = (route: Route): string | null =>
  'doc' in route ? route.doc.entry.file.display
    : 'post' in route ? route.post.entry.file.display
      : 'page' in route && route.page ? route.page.entry.file.display
        : null;

/** markdown → routes → links → render. `render: false` stops before HTML (for `npm run check`). */
export function generate(analysis: Analysis, effects: Effects, options: { render: boolean }): Generated {
  const { site, assets } = analysis;
  if (!site) return { routes: [], contents: new Map(), files: [], problems: sortProblems(analysis.problems) };
  const problems: Problem[] = [...analysis.problems];

  const entries = [...site.docs, ...site.posts, ...site.pages];
  const permalinks = new Map(entries.map((e) => [e.entry.file.path, e.permalink] as const));
  const contents = new Map<string, Content>();
  const markdownContext = { permalinks, drafts: site.draftFiles, assets, highlighter: effects.highlighter, diagrams: effects.diagrams };
  for (const e of entries) {
    const fm = e.entry.frontmatter;
    const input = { tree: e.entry.tree, path: e.entry.file.path, display: e.entry.file.display, permalink: e.permalink, tocMin: fm.toc_min_heading_level ?? 2, tocMax: fm.toc_max_heading_level ?? 3, source: e.entry.file.text };
    let rendered: ReturnType<typeof renderMarkdown>;
    try {
      rendered = renderMarkdown(input, markdownContext);
    } catch (err) {
      // The safety net (issue 12): content that makes a library throw is a problem, not a crash.
      problems.push(unprocessable(e.entry.file.display, err));
      rendered = renderMarkdown({ ...input, tree: { type: 'root', children: [] } }, markdownContext);
    }
    contents.set(e.permalink, rendered.content);
    for (const p of rendered.problems) problems.push(p);
  }

  const { routes, problems: routeProblems } = buildRoutes(site);
  problems.push(...routeProblems);
  const assetUrls = new Set([...assets.values()].map((a) => a.url));
  problems.push(...checkLinks({ routes, contents, files: assetUrls, draftPermalinks: site.draftPermalinks }));

  const files: OutputFile[] = [];
  if (options.render) {
    const index = buildSearchIndex(searchRecords(routes, contents, site.config.locale.lang));
    const indexPath = `assets/search-index-${contentHash(index)}.json`;
    files.push({ path: indexPath, data: index });
    const byUrl = new Map([...assets.values()].map((a) => [a.path, a.url] as const));
    const theme = { ...effects.theme, searchIndex: `/${indexPath}` };
    const ctx = { site, contents, theme, assetUrl: (p: string) => byUrl.get(p) ?? null, dev: site.mode === 'development' };
    for (const route of routes) {
      try {
        files.push({ path: outputFile(route.path), data: renderRoute(ctx, route) });
      } catch (err) {
        problems.push(unprocessable(routeSource(route) ?? 'dist-config/site.yml', err));
      }
    }
    for (const asset of assets.values()) files.push({ path: asset.url.slice(1), data: asset.bytes });
    // ── Publishing (issue 14): blog feeds, sitemap and robots.txt, OpenSearch and the web app manifest.
    files.push(
      ...buildFeeds(site, contents, { assetUrl: ctx.assetUrl, css: theme.css, icon: theme.files.get(iconFiles.png512) ?? `/${iconFiles.png512}` }),
      ...buildSitemap(site, routes),
      ...buildDiscovery(site, theme.files),
    );
    // ── end publishing
    if (site.config.securityTxt) files.push({ path: securityTxtPath, data: securityTxt({ ...site.config, securityTxt: site.config.securityTxt }) });
    files.push(...effects.themeFiles);
    // Code-unit order: the machine's locale must not change anything about the output.
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  return { routes, contents, files, problems: sortProblems(problems) };
}
