/**
 * Effect edge: the site's own components, when the site configuration names
 * their folder (`mdx.components`) or the theme's component map
 * (`mdx.componentMap`); there is no default: site code runs only when the
 * configuration names it. They are bundled, imported and rendered
 * in the component box (pipeline/io/component-box.ts), never in the build's
 * process; what they import is told in pipeline/io/site-component-bundle.ts.
 *
 * React pages (a pages folder the configuration names) load and render in
 * the same box: `renderPages` gives their HTML, held to the same schema, and
 * what their `Layout` said (pipeline/stages/react-pages.ts makes pages of it).
 * The routes a local plugin added (`renderRoutes`) render there too, with
 * the route's props; they get islands as React pages do.
 *
 * The renderer renders synchronously, the box answers asynchronously: so
 * `prerender` has the box render every use of a component the pages make
 * (renderer/body/site-component-uses.ts) before the pages render, and the
 * components handed to the renderer (pipeline/io/safe-component.ts) find
 * their HTML by props. A file that does not compile, loops or exports no
 * component is an error at its file; the other components still load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { siteComponentName } from '../stages/site-component-keys.ts';
import type { RenderedReactPage } from '../stages/react-pages.ts';
import type { Config, OutputFile } from '../types.ts';
import { componentFiles, type SiteComponentsOptions as BundleOptions } from './site-component-bundle.ts';
import { ComponentBox, defaultLimits, type BoxLimits, type Rendered } from './component-box.ts';
import { siteCodeEnvironment } from './sandbox.ts';
import type { ComponentStyles } from '../stages/site-styles.ts';
import type { SiteFacts } from './component-box-protocol.ts';
import type { SiteAsset } from './site-code-resolve.ts';
import type { PluginRoute } from './site-plugins.ts';
import { islandPageSchema, islandSlotSchema, reactPageSchema, renderKey, safeComponent, sanitizedHtml, siteComponentSchema, type IslandHtml } from './safe-component.ts';
import { bundleFound, findIslands, islandRuntime, noIslands, type IslandBundle } from './island-bundle.ts';
import { loadStarted, readReplay, replayKey, saveReplay, type BoxIslands } from './site-code-replay.ts';
import type { RenderedIsland } from './component-box-protocol.ts';

/** One use of a component in a page, as renderer/body/site-component-uses.ts finds it. */
export interface ComponentUse {
  /** By the name the markdown stage gives it: `Site$Kaart`. */
  readonly name: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: boolean;
}

export interface SiteComponents {
  /** By the name the markdown stage gives them: `Site$Kaart`. */
  readonly components: Readonly<Record<string, ComponentType<any>>>;
  readonly problems: ReadonlyArray<Problem>;
  /** The stylesheets the components import, and which component imports which. */
  readonly styles: ComponentStyles;
  /** Has the box render every use, once per component and props; then the components can render. */
  prerender(uses: Iterable<ComponentUse>): Promise<void>;
  /** The React pages that loaded, rendered at their paths (`pathOf`), with the problems of those that failed. */
  renderPages(pathOf: (rel: string) => string): Promise<{ pages: RenderedReactPage[]; problems: Problem[] }>;
  /** The routes the site's plugins added (`addRoute`), their components rendered at their paths with their props. */
  renderRoutes(routes: ReadonlyArray<PluginRoute>): Promise<{ pages: RenderedReactPage[]; problems: Problem[] }>;
  /** The images site code imports: the build publishes them. */
  readonly assets: ReadonlyArray<SiteAsset>;
  /** The interactive components' browser chunks and their loader (pipeline/io/island-bundle.ts). */
  readonly islands: IslandBundle;
  /** Every use the box rendered, by `renderKey`: what a page showing a component reads of site code. */
  readonly renders: ReadonlyMap<string, Rendered>;
  /** The pages look their components' HTML up in `view(renders)` from now on: page reuse writes down what each page read. */
  watchRenders(view: (renders: ReadonlyMap<string, Rendered>) => ReadonlyMap<string, Rendered>): void;
  /** Whether the box ran in this build: not when an earlier build's record answered everything (pipeline/io/site-code-replay.ts). */
  boxStarted(): boolean;
  /** Ends the box; what was rendered stays. */
  close(): void;
}

export interface SiteComponentsOptions extends Omit<BundleOptions, 'folder'> {
  /** `mdx.components` from the configuration, relative to the content root; left out: no components. */
  readonly folder?: string | undefined;
  /** `siteCode` from the configuration. */
  readonly limits?: Partial<BoxLimits> | undefined;
  /** What site code may know of the site (`useDocusaurusContext`, translations, the plugins' global data). */
  readonly site?: SiteFacts;
  /** The components of the routes the site's plugins added, relative to the content root: loaded as pages, rendered only by `renderRoutes`. */
  readonly routeComponents?: ReadonlyArray<string>;
  /** Replays the last build's load when the site's code is unchanged, and keeps this one's (pipeline/io/site-code-replay.ts). */
  readonly persist?: boolean;
}

const none: SiteComponents = { components: {}, problems: [], styles: { byComponent: {}, sheets: {} }, prerender: async () => {}, renderPages: async () => ({ pages: [], problems: [] }), renderRoutes: async () => ({ pages: [], problems: [] }), assets: [], islands: noIslands, renders: new Map(), watchRenders: () => {}, boxStarted: () => false, close: () => {} };

/** The one warning when site code asked for plugin data, which the build does not have yet. */
const pluginDataWarning = (file: string): Problem => warning('site-plugin-data-missing', file, startOfFile,
  `${file} vraagt data van plugins op (useGlobalData of usePluginData) die geen plugin van de site gaf; de code krijgt een leeg object. Noem de lokale plugin die de data maakt in plugins in de siteconfiguratie (zie docs/migrating.md).`);

/**
 * The most props, as JSON, a route that is one island as a whole takes to
 * the browser: a plugin's data can be the whole site's, and a page that
 * carries it twice (in its HTML and as props) is better without script.
 */
export const routePropsLimit = 200 * 1024;

/** The one warning for a route whose props are too much to ship: it renders without JavaScript. */
const routePropsWarning = (shown: string, route: PluginRoute, bytes: number): Problem => warning('site-route-props-too-large', shown, startOfFile,
  `De route ${route.path} (addRoute in ${route.plugin}) is interactief, maar haar props zijn als JSON ${Math.ceil(bytes / 1024)} KB, meer dan de grens van ${routePropsLimit / 1024} KB die met een eiland naar de browser mag. De route staat er daarom zonder JavaScript. Geef het component minder data mee (alleen wat het toont), of laat het deel dat reageert een eigen component uit de componentenmap zijn, met alleen de props die het nodig heeft.`);

const attribute = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * An interactive React page is one island: the element its HTML stands in
 * names its chunk and has no props (a page gets none), read by
 * theme/islands/loader.ts as any island's.
 */
const islandPage = (chunk: string, rel: string, html: string): string =>
  `<div class="site-component react-page-island" data-component="${attribute(`pagina ${rel}`)}" data-island="${attribute(chunk)}" data-island-props="{}">${html}</div>`;

/** A route that is one island as a whole: as an interactive page, with the route's props (`json`) as its island's. */
const islandRoute = (chunk: string, pathname: string, json: string, html: string): string =>
  `<div class="site-component react-page-island" data-component="${attribute(`route ${pathname}`)}" data-island="${attribute(chunk)}" data-island-props="${attribute(json)}">${html}</div>`;

/**
 * The islands a static React page placed, as elements at their marks: each
 * one's HTML held to the schema of islands (its element children, static,
 * to the page's), in a `div` (a `span` in running text) that names its chunk
 * and carries its props, as any island's. An island whose props are no data
 * is one problem at the page, naming the prop; it stays without JavaScript.
 */
function placedIslands(rendered: ReadonlyArray<RenderedIsland>, chunkOf: (key: string) => string | undefined, page: string, problems: Problem[]): IslandHtml {
  const inner: string[] = [];
  const at: IslandHtml = (n, inline) => {
    const island = rendered[n];
    if (!island) return '';
    const name = island.key.replace(/^\$/, '');
    const chunk = island.bad ? undefined : chunkOf(island.key);
    const tag = inline ? 'span' : 'div';
    const script = chunk === undefined ? '' : ` data-island="${attribute(chunk)}" data-island-props="${attribute(island.props)}"`;
    return `<${tag} class="site-component" data-component="${attribute(name)}"${script}>${inner[n] ?? ''}</${tag}>`;
  };
  // An island in another's children comes later in the list: the last ones are made first.
  for (let n = rendered.length - 1; n >= 0; n--) {
    const island = rendered[n]!;
    if (island.bad) {
      problems.push(error('site-component-failed', page, startOfFile,
        `De React-pagina ${page} geeft het interactieve component <${island.key.replaceAll('$', '/')}> de prop ${island.bad.prop}, en die is ${island.bad.why}. Een interactief component krijgt zijn props als JSON mee naar de browser: geef het alleen tekst, getallen, waar/onwaar, lijsten, gewone objecten en als children elementen. Tot dan staat het er zonder JavaScript.`));
    }
    const slot = island.slot === null ? '' : sanitizedHtml(island.slot, '', reactPageSchema, at);
    inner[n] = sanitizedHtml(island.html, slot, island.bad || chunkOf(island.key) === undefined ? siteComponentSchema : islandSlotSchema);
  }
  return at;
}

/** Loads the site's components in a box (see the module's comment); without `folder` or `componentMap`, no box starts. */
export async function loadSiteComponents(options: SiteComponentsOptions): Promise<SiteComponents> {
  // A route's component loads as a page would, by its path from the pages folder (`../components/X.tsx`).
  const pagesFolder = options.pages?.folder ?? '';
  const routeRel = (file: string): string => path.posix.relative(pagesFolder, file);
  const ownPages = options.pages?.files ?? [];
  const routeFiles = [...new Set((options.routeComponents ?? []).map(routeRel))].filter((rel) => !ownPages.includes(rel));
  const pageFiles = [...ownPages, ...routeFiles];
  if (options.folder === undefined && options.componentMap === undefined && pageFiles.length === 0) return none;
  const content = path.resolve(options.content);
  const display = options.display ?? path.basename(content);
  const missing: Problem[] = [];
  const named = (rel: string | undefined, setting: string, what: string): string | undefined => {
    if (rel === undefined || fs.existsSync(path.resolve(content, rel))) return rel;
    missing.push(warning('site-component-invalid', 'dist-config/site.yml', startOfFile,
      `${what} ${rel} (${setting}) bestaat niet in ${display}. Maak ${what === 'De componentenmap' ? 'de map' : 'het bestand'}, of haal ${setting} uit de siteconfiguratie.`));
    return undefined;
  };
  const folder = named(options.folder, 'mdx.components', 'De componentenmap');
  const componentMap = named(options.componentMap, 'mdx.componentMap', 'De componentmap van het thema');
  const hasComponents = folder !== undefined && (await componentFiles(path.resolve(content, folder))).length > 0;
  if (!hasComponents && componentMap === undefined && pageFiles.length === 0) return { ...none, problems: missing };
  const limits: BoxLimits = { ...defaultLimits, ...Object.fromEntries(Object.entries(options.limits ?? {}).filter(([, v]) => v !== undefined)) };
  const site: SiteFacts = options.site ?? { siteConfig: { baseUrl: '/', customFields: {} }, locale: 'nl', messages: {} };
  const load = { content, folder: hasComponents ? folder ?? null : null, componentMap, display, pages: { folder: pagesFolder, files: pageFiles } };
  const started = loadStarted();
  // The environment the box gets (`siteCode.env`) is what its code may read of the build's.
  const key = options.persist ? replayKey(content, { ...load, staticFolders: options.staticFolders, routeFiles, limits, env: siteCodeEnvironment(limits.env), site, runtime: islandRuntime() }) : null;
  const replay = key === null ? null : readReplay(options.cacheDir, key);
  let boxIslands: BoxIslands | undefined;
  let islands: IslandBundle;
  let opened: Awaited<ReturnType<typeof ComponentBox.open>>;
  if (replay) {
    ({ boxIslands, islands } = replay);
    opened = await ComponentBox.open({ ...options, ...load, islands: boxIslands }, limits, site, replay);
  } else {
    // Which components and pages are islands, first: the box wraps the island components a static page imports.
    const found = await findIslands({ content, folder: load.folder, display, pages: { folder: pagesFolder, files: ownPages }, routes: routeFiles });
    boxIslands = found.componentFiles.size > 0 ? { files: [...found.componentFiles], wholePages: [...found.wholePages] } : undefined;
    // The browser side of the interactive components is bundled while the box loads them.
    [opened, islands] = await Promise.all([
      ComponentBox.open({ ...options, ...load, islands: boxIslands }, limits, site),
      bundleFound(found, undefined, site).then((bundle) => ({ ...bundle, inputs: [...found.inputs, ...bundle.inputs ?? []] })),
    ]);
  }
  const { box, components: loaded, pages: loadedPages, sheets, assets } = opened;
  // What this build's load and answers were, for the next build, unless it had errors or changed nothing.
  let kept = false;
  const keep = (): void => {
    if (kept) return;
    kept = true;
    const clean = ![...opened.problems, ...islands.problems].some((p) => p.severity === 'error');
    if (key !== null && clean && box.started) {
      saveReplay(options.cacheDir, key, { boxIslands, islands, loaded: { components: loaded, pages: loadedPages, sheets, assets, problems: opened.problems, inputs: opened.inputs }, answers: box.answers }, started);
    }
  };
  // A page's source places the problems of its links (`placeInSource`); unreadable, they stand at its start.
  const sourceOf = (rel: string): string | undefined => {
    try {
      return fs.readFileSync(path.resolve(content, pagesFolder, rel), 'utf8');
    } catch {
      return undefined;
    }
  };
  const problems: Problem[] = [...missing, ...opened.problems, ...islands.problems];
  const rendered = new Map<string, Rendered>();
  let lookedUp: ReadonlyMap<string, Rendered> = rendered;
  const keys = new Set(loaded.map((c) => c.key));
  // A component's island: its own, or (an entry of the theme's component map) that of the component it is.
  const islandOf = new Map(loaded.flatMap(({ key, island }) => {
    const found = islands.islands.get(key) ?? (island === undefined ? undefined : islands.islands.get(island));
    return found ? [[key, found] as const] : [];
  }));
  const shownOf = new Map(loaded.map(({ key, shown }) => [key, shown]));
  const components = Object.fromEntries(loaded.map(({ key, shown }) => [siteComponentName(key), safeComponent(key, shown, (k) => (k === null ? undefined : lookedUp.get(k)), islandOf.get(key))]));
  let toldPluginData = false;
  const tellPluginData = (file: string): void => {
    if (toldPluginData) return;
    toldPluginData = true;
    problems.push(pluginDataWarning(file));
  };
  return {
    components,
    problems,
    styles: {
      byComponent: Object.fromEntries(loaded.filter((c) => c.styles.length > 0).map(({ key, styles }) => [siteComponentName(key), styles])),
      sheets: Object.fromEntries(sheets),
    },
    assets,
    islands,
    async prerender(uses) {
      for (const use of uses) {
        const key = use.name.slice('Site$'.length);
        const k = renderKey(key, use.props, use.children);
        if (k === null || rendered.has(k) || !keys.has(key)) continue;
        // An island renders as React hydrates it; see pipeline/io/safe-component.ts.
        const result = await box.render(key, use.props, use.children, islandOf.has(key));
        if ('html' in result && result.pluginData) tellPluginData(shownOf.get(key) ?? key);
        rendered.set(k, result);
      }
    },
    async renderPages(pathOf) {
      const pages: RenderedReactPage[] = [];
      const failed: Problem[] = [];
      for (const { rel, shown, styles } of loadedPages) {
        if (!ownPages.includes(rel)) continue;
        const island = islands.pages.get(rel);
        const result = await box.renderPage(rel, pathOf(rel), island !== undefined);
        if ('error' in result) {
          failed.push(error('site-component-failed', shown, startOfFile, `De React-pagina ${shown} ${result.error}. Herstel de code van de pagina.`));
          continue;
        }
        if (result.pluginData) tellPluginData(shown);
        const { title, description, wrapperClassName, noFooter } = result.page;
        const placed = placedIslands(result.islands, (key) => islands.islands.get(key)?.chunk, shown, failed);
        const html = island ? islandPage(island.chunk, rel, sanitizedHtml(result.html, '', islandPageSchema)) : sanitizedHtml(result.html, '', reactPageSchema, placed);
        pages.push({ rel, display: shown, html, title, description, wrapperClassName, noFooter, styles, source: sourceOf(rel) });
      }
      return { pages, problems: failed };
    },
    async renderRoutes(routes) {
      const pages: RenderedReactPage[] = [];
      const failed: Problem[] = [];
      for (const route of routes) {
        const loadedPage = loadedPages.find((p) => p.rel === routeRel(route.component));
        // A component that did not load has its problem already.
        if (!loadedPage) continue;
        // Docusaurus gives a route's component its route besides the modules' data; an island gets the same in the browser.
        const props = { ...route.props, route: { path: route.path, exact: true } };
        const island = islands.routes.get(loadedPage.rel);
        const json = island === undefined ? '' : JSON.stringify(props);
        const bytes = Buffer.byteLength(json);
        if (island !== undefined && bytes > routePropsLimit) failed.push(routePropsWarning(loadedPage.shown, route, bytes));
        const whole = island !== undefined && bytes <= routePropsLimit ? island : undefined;
        const result = await box.renderRoute(loadedPage.rel, route.path, props, whole !== undefined);
        if ('error' in result) {
          failed.push(error('site-component-failed', loadedPage.shown, startOfFile, `Het component ${loadedPage.shown} van de route ${route.path} (addRoute in ${route.plugin}) ${result.error}. Herstel de code van het component.`));
          continue;
        }
        if (result.pluginData) tellPluginData(loadedPage.shown);
        const { title, description, wrapperClassName, noFooter } = result.page;
        const placed = placedIslands(result.islands, (key) => islands.islands.get(key)?.chunk, loadedPage.shown, failed);
        const html = whole ? islandRoute(whole.chunk, route.path, json, sanitizedHtml(result.html, '', islandPageSchema)) : sanitizedHtml(result.html, '', reactPageSchema, placed);
        pages.push({ rel: route.component, permalink: route.path, display: loadedPage.shown, html, title, description, wrapperClassName, noFooter, styles: loadedPage.styles, source: sourceOf(loadedPage.rel) });
      }
      return { pages, problems: failed };
    },
    renders: rendered,
    watchRenders(view) {
      lookedUp = view(rendered);
    },
    boxStarted: () => box.started,
    close: () => {
      box.close();
      keep();
    },
  };
}

/**
 * What site code may know of the site: Docusaurus' `siteConfig` (title,
 * tagline, url, baseUrl and `customFields` from site.yml) and the strings of
 * `i18n/<locale>/code.json` for `translate()`.
 */
export function siteFacts(config: Config, content: string): SiteFacts {
  const locale = config.locale.lang;
  let messages: Record<string, string> = {};
  try {
    const data = JSON.parse(fs.readFileSync(path.join(path.resolve(content), 'i18n', locale, 'code.json'), 'utf8')) as unknown;
    if (typeof data === 'object' && data !== null) {
      messages = Object.fromEntries(Object.entries(data as Record<string, unknown>).flatMap(([id, entry]) => {
        const message = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? (entry as { message?: unknown }).message : undefined;
        return typeof message === 'string' ? [[id, message]] : [];
      }));
    }
  } catch { /* no translations: every message as written */ }
  return {
    siteConfig: { title: config.siteName, tagline: config.tagline, url: config.url, baseUrl: '/', customFields: config.customFields ?? {} },
    locale,
    messages,
  };
}

/** The images site code imports, as files of the built site; a path the build already has is left alone. */
export function siteAssetFiles(assets: ReadonlyArray<SiteAsset>, taken: ReadonlySet<string>): OutputFile[] {
  return assets.flatMap(({ file, url }) => {
    const out = url.replace(/^\//, '');
    return taken.has(out) ? [] : [{ path: out, data: new Uint8Array(fs.readFileSync(file)) }];
  });
}
