/**
 * Effect edge: the browser side of a site's interactive components
 * (islands). Each component of the components folder is bundled for the
 * browser with esbuild (esbuild reads the code, it runs none of it) with the
 * resolution rules of the box (pipeline/io/site-code-resolve.ts), except
 * that React is bundled in and `@docusaurus/…` means the browser's version
 * (theme/islands/docusaurus-browser.tsx). pipeline/io/island-analysis.ts
 * reads each bundle to decide whether the component is an island.
 *
 * The islands are then bundled together, minified, each to its own chunk
 * (`island-<Naam>-<hash>.js`), with React and the hydration runtime
 * (theme/islands/runtime.ts) in a shared chunk; the loader
 * (theme/islands/loader.ts) is bundled apart, with the retry helper of
 * pipeline/io/chunk-retry.ts in front. Every name carries a hash of its
 * content. A site without islands gets none of this.
 *
 * A React page of the pages folder whose own code (with what it imports,
 * less the island components: pipeline/io/island-imports.ts) is interactive
 * by the same reading is one island as a whole: its chunk hydrates the
 * page's component, without props, in the element the box's HTML of the
 * page stands in (pipeline/io/site-components.ts). Any other page gets no
 * chunk: the island components it imports are islands of their own, with
 * the components' chunks (`findIslands` tells the box which files they are).
 *
 * The component of a route a local plugin added (`addRoute`) is read the
 * same way: interactive in its own code, it is one island as a whole, whose
 * props are the route's (`IslandBundle.routes`); otherwise the island
 * components it imports are islands of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { contentHash } from '../content-hash.ts';
import { error, startOfFile, type Problem } from '../problem.ts';
import { isComponentFile, siteComponentKey } from '../stages/site-component-keys.ts';
import type { OutputFile } from '../types.ts';
import { importChunkHelper } from './chunk-retry.ts';
import { interactivity } from './island-analysis.ts';
import { docusaurusApi, require, resolveExtensions, siteAlias, siteImages, sitePackages, siteSvg } from './site-code-resolve.ts';
import { componentFiles } from './site-component-bundle.ts';
import { islandImports } from './island-imports.ts';
import type { SiteFacts } from './component-box-protocol.ts';
import { siteCodeContextKey } from '../../theme/mdx/docusaurus.tsx';
import { siteCss } from './site-css.ts';
import { build } from './esbuild-service.ts';
import { bundleInputs } from './bundle-inputs.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const browserApi = path.join(repoRoot, 'theme/islands/docusaurus-browser.tsx');
const runtime = path.join(repoRoot, 'theme/islands/runtime.ts');
const loaderEntry = path.join(repoRoot, 'theme/islands/loader.ts');

/** One island: its component's key and the URL of its chunk. */
export interface Island {
  readonly key: string;
  /** `/assets/island-Teller-<hash>.js`. */
  readonly chunk: string;
  /** What makes it interactive (Dutch), for docs and tests. */
  readonly why: ReadonlyArray<string>;
}

export interface IslandBundle {
  /** By component key (`Teller`). */
  readonly islands: ReadonlyMap<string, Island>;
  /** The interactive React pages, by their path in the pages folder (`teller.tsx`); `key` is `pages:<path>`. */
  readonly pages: ReadonlyMap<string, Island>;
  /** The route components (`addRoute`) interactive in their own code, by their path from the pages folder (`../components/X/index.tsx`); `key` is `routes:<path>`. */
  readonly routes: ReadonlyMap<string, Island>;
  /** The loader's URL, or null: the site has no islands. */
  readonly loader: string | null;
  readonly files: ReadonlyArray<OutputFile>;
  readonly problems: ReadonlyArray<Problem>;
  /** Every file the browser bundles read, absolute (pipeline/io/bundle-inputs.ts); left out: none. */
  readonly inputs?: ReadonlyArray<string>;
}

export const noIslands: IslandBundle = { islands: new Map(), pages: new Map(), routes: new Map(), loader: null, files: [], problems: [] };

/** The React an island's browser bundle uses: `react` (React's own client) or `preact` (preact/compat, when installed). */
export type IslandRuntime = 'react' | 'preact';

const preactInstalled = (): boolean => {
  try {
    require.resolve('preact/compat');
    return true;
  } catch {
    return false;
  }
};

/** preact/compat when the generator has it (a fifth of React's weight, see docs/architecture.md), else React's own client. */
export const islandRuntime = (): IslandRuntime => (preactInstalled() ? 'preact' : 'react');

/** What each React module is under preact/compat. */
const preactModules: Readonly<Record<string, string>> = {
  react: 'preact/compat', 'react-dom': 'preact/compat', 'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime', 'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/** React and React DOM: the generator's own copy (or preact/compat in their place), bundled in: the browser has no other. */
function browserReact(runtime: IslandRuntime): Plugin {
  return {
    name: 'island-react',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) => {
        const to = runtime === 'preact' ? preactModules[args.path] : undefined;
        return { path: require.resolve(to ?? args.path) };
      });
    },
  };
}

/** CSS goes through the box's plugin, for the same scoped class names; the stylesheets themselves ship already. */
const plugins = (content: string, runtime: IslandRuntime = 'react'): Plugin[] => [browserReact(runtime), siteCss(content, []), docusaurusApi(browserApi), siteAlias(content), siteImages(() => {}), siteSvg(), sitePackages()];

const common = (content: string): BuildOptions & { write: false } => ({
  bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2020', jsx: 'automatic', loader: { '.js': 'jsx' },
  logLevel: 'silent', absWorkingDir: content, resolveExtensions, nodePaths: [], legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
});

export interface Candidate { readonly key: string; readonly file: string; readonly name: string }

/** The components of the components folder, as candidates for an island. */
async function componentCandidates(dir: string): Promise<Candidate[]> {
  const files = (await componentFiles(dir)).filter(isComponentFile);
  return files.flatMap((rel) => {
    const key = siteComponentKey(rel);
    return key === null ? [] : [{ key, file: path.join(dir, rel), name: key.replaceAll('$', '/') }];
  });
}

/** The candidates that are interactive, with what makes each one. */
async function interactiveOnes(content: string, candidates: ReadonlyArray<Candidate>, islandFiles: ReadonlyMap<string, string>, inputs: Set<string>): Promise<Array<Candidate & { why: string[]; reads: SiteRead[] }>> {
  const found = await Promise.all(candidates.map(async ({ key, file, name }) => {
    try {
      // React stays out: its own hooks are not the component's. So do the island components a page imports: they are islands of their own.
      const result = await build({
        ...common(content), entryPoints: [file], metafile: true,
        plugins: [{ name: 'react-out', setup: (b) => { b.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (a) => ({ path: a.path, external: true })); } }, islandImports(islandFiles, (f) => ({ path: f, external: true })), ...plugins(content).slice(1)],
      });
      for (const input of bundleInputs(result.metafile, content)) inputs.add(input);
      const text = result.outputFiles[0]?.text ?? '';
      const why = interactivity(text);
      return why.length > 0 ? { key, file, name, why, reads: reading.filter(([, sign]) => sign.test(text)).map(([r]) => r) } : null;
    } catch {
      // The box reports a component that does not compile; here it is simply no island.
      return null;
    }
  }));
  return found.filter((f): f is Candidate & { why: string[]; reads: SiteRead[] } => f !== null);
}

/**
 * What the islands read of the site (`useDocusaurusContext`, `translate`,
 * `useGlobalData`), put by the loader where theme/mdx/docusaurus.tsx looks
 * for it, before any island's chunk runs. Only what some island's code
 * reads: a site whose islands read nothing of it ships none of it. Code in
 * the loader's own file under /assets/, so within `script-src 'self'`.
 */
export function siteInBrowser(site: SiteFacts | undefined, reads: ReadonlyArray<SiteRead>): string {
  if (site === undefined || reads.length === 0) return '';
  const facts: Record<string, unknown> = { siteConfig: reads.includes('siteConfig') ? site.siteConfig : { baseUrl: site.siteConfig.baseUrl ?? '/' }, locale: site.locale, messages: reads.includes('messages') ? site.messages : {}, pathname: '/', page: {}, pluginData: false };
  if (reads.includes('globalData')) facts.globalData = site.globalData ?? {};
  // JSON is a JavaScript expression; `<` escaped as in any script text.
  return `\nglobalThis[${JSON.stringify(siteCodeContextKey)}]=${JSON.stringify(facts).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029')};`;
}

const hashed = (file: string, text: string): string => {
  const stem = path.basename(file, '.js').replace(/-[A-Z0-9]{8}$/, '');
  return `assets/${stem}-${contentHash(text)}.js`;
};

/** What reading the site's code found: the island components and pages, before their chunks are made. */
export interface FoundIslands {
  readonly content: string;
  readonly display: string;
  readonly folder: string | null;
  readonly pagesFolder: string;
  /** The interactive components of the components folder, and the React pages that are interactive in their own code. */
  readonly interactive: ReadonlyArray<Candidate & { readonly why: ReadonlyArray<string>; readonly reads: ReadonlyArray<SiteRead> }>;
  /** The island components' files (absolute) by key: a React page that imports one gets it as its own island. */
  readonly componentFiles: ReadonlyMap<string, string>;
  /** The React pages and route components (by path from the pages folder) that are one island as a whole. */
  readonly wholePages: ReadonlySet<string>;
  /** Every file the reading bundled, absolute (pipeline/io/bundle-inputs.ts). */
  readonly inputs: ReadonlyArray<string>;
}

/** What of the site an island's code reads in the browser: its configuration, its translations, its plugins' data. */
export type SiteRead = 'siteConfig' | 'messages' | 'globalData';

const reading: ReadonlyArray<readonly [SiteRead, RegExp]> = [
  ['siteConfig', /\buseDocusaurusContext/],
  ['messages', /\b(translate|Translate)/],
  ['globalData', /\b(useGlobalData|usePluginData|useAllPluginInstancesData)/],
];

/**
 * Reads the components folder and the React pages (see the module's
 * comment): which are islands. A page is one island as a whole only when its
 * own code is interactive; the island components it imports do not count,
 * they become islands of their own.
 */
export async function findIslands(options: {
  readonly content: string; readonly folder: string | null; readonly display: string;
  /** The React pages: the pages folder (relative to the content root) and its page files in it. */
  readonly pages?: { readonly folder: string; readonly files: ReadonlyArray<string> } | undefined;
  /** The components of the routes the site's plugins added, by their path from the pages folder. */
  readonly routes?: ReadonlyArray<string> | undefined;
}): Promise<FoundIslands> {
  const content = path.resolve(options.content);
  const dir = options.folder === null ? null : path.resolve(content, options.folder);
  const pagesFolder = options.pages?.folder ?? '';
  const pagesDir = path.resolve(content, pagesFolder);
  const inputs = new Set<string>();
  const components = dir !== null && fs.existsSync(dir) ? await interactiveOnes(content, await componentCandidates(dir), new Map(), inputs) : [];
  // By the path esbuild resolves an import to: symbolic links followed.
  const componentFiles = new Map(components.map((c) => [fs.realpathSync(c.file), c.key]));
  const pages = await interactiveOnes(content, [
    ...(options.pages?.files ?? []).map((rel) => ({ key: `pages:${rel}`, file: path.join(pagesDir, rel), name: `pagina ${rel}` })),
    ...(options.routes ?? []).map((rel) => ({ key: `routes:${rel}`, file: path.join(pagesDir, rel), name: `route ${path.posix.join(pagesFolder, rel)}` })),
  ], componentFiles, inputs);
  return {
    content, display: options.display, folder: options.folder, pagesFolder, interactive: [...components, ...pages], componentFiles,
    wholePages: new Set(pages.map((p) => p.key.replace(/^(pages|routes):/, ''))), inputs: [...inputs].sort(),
  };
}

/**
 * The islands of the components folder (see the module's comment).
 * `display` is how the content root is named in messages.
 */
export async function bundleIslands(options: {
  readonly content: string; readonly folder: string | null; readonly display: string; readonly runtime?: IslandRuntime;
  /** The React pages: the pages folder (relative to the content root) and its page files in it. */
  readonly pages?: { readonly folder: string; readonly files: ReadonlyArray<string> } | undefined;
}): Promise<IslandBundle> {
  return bundleFound(await findIslands(options), options.runtime);
}

/**
 * The chunks of the islands `findIslands` found, and the loader. `site`:
 * what the islands may read of the site in the browser (see
 * `siteInBrowser`); the loader carries it.
 */
export async function bundleFound(found: FoundIslands, runtimeKind: IslandRuntime = islandRuntime(), site?: SiteFacts): Promise<IslandBundle> {
  const { content, interactive } = found;
  if (interactive.length === 0) return noIslands;
  const stem = (rel: string): string => rel.replace(/\.[jt]sx?$/, '').replace(/[^\w-]/g, '_');
  // A route's component is named by its path in the site (`island-route-src_components_Kiezer_index`), not from the pages folder.
  const entryName = (key: string): string => key.startsWith('pages:') ? `island-page-${stem(key.slice('pages:'.length))}`
    : key.startsWith('routes:') ? `island-route-${stem(path.posix.join(found.pagesFolder, key.slice('routes:'.length)))}` : `island-${key.replace(/[^\w-]/g, '_')}`;
  const whole = (key: string): boolean => key.startsWith('pages:') || key.startsWith('routes:');
  const entries = new Map(interactive.map((c) => [entryName(c.key), c]));
  const entryPlugin: Plugin = {
    name: 'island-entries',
    setup(b) {
      b.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice('island:'.length), namespace: 'island-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => {
        const c = entries.get(args.path);
        if (!c) return { errors: [{ text: `onbekend eiland ${args.path}` }] };
        return {
          contents: [
            `import Component from ${JSON.stringify(c.file)};`,
            `import { hydrateIsland, pageIsland } from ${JSON.stringify(runtime)};`,
            `export default (container, props) => hydrateIsland(container, ${whole(c.key) ? 'pageIsland(Component)' : 'Component'}, props, ${JSON.stringify(c.name)});`,
          ].join('\n'),
          loader: 'js', resolveDir: content,
        };
      });
    },
  };
  const problems: Problem[] = [];
  try {
    const [islands, loader] = await Promise.all([
      build({
        ...common(content), entryPoints: Object.fromEntries([...entries.keys()].map((name) => [name, `island:${name}`])), splitting: true, minify: true,
        outdir: path.join(content, '.islands'), entryNames: '[name]-[hash]', chunkNames: 'islands-runtime-[hash]', plugins: [entryPlugin, ...plugins(content, runtimeKind)], metafile: true,
      }),
      build({ ...common(content), entryPoints: [loaderEntry], minify: true, banner: { js: importChunkHelper + siteInBrowser(site, interactive.flatMap((c) => c.reads)) }, outfile: path.join(content, '.islands', 'islands.js') }),
    ]);
    // esbuild's names carry its own hash; ours is of the content, as every asset's, and the imports between chunks follow.
    const renamed = new Map<string, string>();
    const outputs = islands.outputFiles.map((f) => ({ name: path.basename(f.path), text: f.text }));
    // A chunk is renamed once every chunk it imports is: its hash then covers their final names.
    const files: OutputFile[] = [];
    const imports = (text: string): string[] => [...text.matchAll(/"\.\/([\w-]+\.js)"/g)].map((m) => m[1] ?? '');
    for (let left = outputs; left.length > 0;) {
      const ready = left.filter((o) => imports(o.text).every((name) => renamed.has(name)));
      if (ready.length === 0) throw new Error('de chunks importeren elkaar in een kring');
      for (const out of ready) {
        let text = out.text;
        for (const name of imports(out.text)) text = text.replaceAll(`"./${name}"`, `"./${renamed.get(name) ?? name}"`);
        const target = hashed(out.name, text);
        renamed.set(out.name, path.basename(target));
        files.push({ path: target, data: text });
      }
      left = left.filter((o) => !ready.includes(o));
    }
    const loaderText = loader.outputFiles[0]?.text ?? '';
    const loaderPath = `assets/islands-${contentHash(loaderText)}.js`;
    files.push({ path: loaderPath, data: loaderText });
    const byKey = new Map<string, Island>();
    const pages = new Map<string, Island>();
    const routes = new Map<string, Island>();
    for (const [name, c] of entries) {
      // esbuild's own hash is 8 characters: `island-page-teller-ABCD1234.js`, never `island-page-teller-x-…`.
      const out = outputs.find((o) => o.name.startsWith(`${name}-`) && o.name.length === name.length + '-12345678.js'.length);
      const target = out ? renamed.get(out.name) : undefined;
      if (!target) continue;
      const island = { key: c.key, chunk: `/assets/${target}`, why: c.why };
      if (c.key.startsWith('pages:')) pages.set(c.key.slice('pages:'.length), island);
      else if (c.key.startsWith('routes:')) routes.set(c.key.slice('routes:'.length), island);
      else byKey.set(c.key, island);
    }
    return { islands: byKey, pages, routes, loader: `/${loaderPath}`, files: files.sort((a, b) => (a.path < b.path ? -1 : 1)), problems, inputs: bundleInputs(islands.metafile, content) };
  } catch (err) {
    const message = (err as { errors?: Array<{ text: string }> }).errors?.[0]?.text ?? (err instanceof Error ? err.message : String(err));
    problems.push(error('site-component-invalid', path.posix.join(found.display, found.folder ?? found.pagesFolder), startOfFile,
      `De interactieve componenten van de site konden niet voor de browser worden gebundeld: ${message}. Herstel de code; tot dan zijn ze niet interactief.`));
    return { ...noIslands, problems };
  }
}
