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
import { sortProblems, type Problem } from './problem.ts';
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

/** read → parse → validate → resolve. */
export function analyse(sources: SourceTree, mode: Mode): Analysis {
  // Without a content folder every other message would only be a consequence of that one.
  const missing = sources.problems.filter((p) => p.code === 'content-missing');
  if (missing.length) return { site: null, assets: new Map(), languages: [], diagrams: new Map(), problems: missing };
  const parsed = parseSources(sources.files);
  const config = sources.config ? parseDataFile(sources.config) : null;
  const validated = validate(parsed.parsed, config?.parsed ?? null);
  const resolved = resolve(validated.validated, mode);
  const trees = validated.validated.entries.map((e) => e.tree);
  return {
    site: resolved.site,
    assets: hashAssets(sources.assets),
    languages: languagesUsed(trees),
    diagrams: mermaidSources(trees),
    problems: [...sources.problems, ...parsed.problems, ...(config?.problems ?? []), ...validated.problems, ...resolved.problems],
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

/** markdown → routes → links → render. `render: false` stops before HTML (for `npm run check`). */
export function generate(analysis: Analysis, effects: Effects, options: { render: boolean }): Generated {
  const { site, assets } = analysis;
  if (!site) return { routes: [], contents: new Map(), files: [], problems: sortProblems(analysis.problems) };
  const problems: Problem[] = [...analysis.problems];

  const entries = [...site.docs, ...site.posts, ...site.pages];
  const permalinks = new Map(entries.map((e) => [e.entry.file.path, e.permalink] as const));
  const contents = new Map<string, Content>();
  for (const e of entries) {
    const fm = e.entry.frontmatter;
    const { content, problems: found } = renderMarkdown(
      { tree: e.entry.tree, path: e.entry.file.path, display: e.entry.file.display, permalink: e.permalink, tocMin: fm.toc_min_heading_level ?? 2, tocMax: fm.toc_max_heading_level ?? 3, source: e.entry.file.text },
      { permalinks, drafts: site.draftFiles, assets, highlighter: effects.highlighter, diagrams: effects.diagrams },
    );
    contents.set(e.permalink, content);
    problems.push(...found);
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
    for (const route of routes) files.push({ path: outputFile(route.path), data: renderRoute(ctx, route) });
    for (const asset of assets.values()) files.push({ path: asset.url.slice(1), data: asset.bytes });
    files.push(...effects.themeFiles);
    files.sort((a, b) => a.path.localeCompare(b.path));
  }
  return { routes, contents, files, problems: sortProblems(problems) };
}
