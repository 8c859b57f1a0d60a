/**
 * Runs inside the component box only (pipeline/io/workers/component-box-worker.ts),
 * never in the build's own process: the site's own code. The folder
 * `mdx.components` names holds components, `.tsx`/`.jsx` files (and
 * `.js`/`.ts`, read as JSX as Docusaurus does); the pages folder holds React
 * pages. Each file is bundled on its own with esbuild into
 * `<cacheDir>/site-components/` and imported. They render at build time
 * only: no site code reaches the browser.
 *
 * What site code imports resolves as in Docusaurus: see
 * pipeline/io/site-code-resolve.ts; its CSS: pipeline/io/site-css.ts (a CSS
 * module's classes get scoped names; the stylesheets ship with the pages
 * that use the component or page).
 *
 * A file that does not compile, imports what is not there, or exports no
 * component, is an error at its line; the other files still load. The
 * theme's component map (`mdx.componentMap`) is bundled the same way
 * (pipeline/io/site-component-map.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import type { Message, Plugin } from 'esbuild';
import { contentHash } from '../content-hash.ts';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { isComponentFile, mayBeHelper, siteComponentKey } from '../stages/site-component-keys.ts';
import { bundleInputs } from './bundle-inputs.ts';
import { siteCss, type SiteStylesheet } from './site-css.ts';
import { mapComponentKey, mapEntries } from './site-component-map.ts';
import { islandImports } from './island-imports.ts';
import {
  docusaurusApi, require, resolveExtensions, sharedReact, siteAlias, siteImages, sitePackages, siteSvg, type ResolveDetail, type SiteAsset,
} from './site-code-resolve.ts';
import { build } from './esbuild-service.ts';

export { require };

/** What the box says it is loading while it imports the component map (no file of the components folder is named so). */
export const componentMapMark = '@componentMap';

/** A loaded component or page: its file as messages show it, the ids of the stylesheets it imports, and the island it is (an entry of the component map). */
interface Loaded { readonly shown: string; readonly component: unknown; readonly styles: ReadonlyArray<string>; readonly island?: string }

/** What one load of the site's code gives: components by key (`Kaart`) and React pages by file. */
export interface BundledComponents {
  readonly components: ReadonlyMap<string, Loaded>;
  /** By the page's path inside the pages folder (`team/index.tsx`). */
  readonly pages: ReadonlyMap<string, Loaded>;
  /** The stylesheets the components and pages import, by id (pipeline/io/site-css.ts). */
  readonly sheets: ReadonlyMap<string, string>;
  /** The images the code imports, for the build to publish. */
  readonly assets: ReadonlyArray<SiteAsset>;
  readonly problems: ReadonlyArray<Problem>;
  /** Every file the bundles read, absolute (pipeline/io/bundle-inputs.ts). */
  readonly inputs: ReadonlyArray<string>;
}

export interface SiteComponentsOptions {
  /** The content root (`--content`). */
  readonly content: string;
  /** `mdx.components` from the configuration, relative to the content root; null: no components. */
  readonly folder: string | null;
  /** `mdx.componentMap` from the configuration, relative to the content root; left out: no map. */
  readonly componentMap?: string | undefined;
  readonly cacheDir: string;
  /** How files are named in messages: the content root as the user wrote it (`content`). */
  readonly display?: string;
  /** The static folders (published at the site root), relative to the content root; left out: `static`. */
  readonly staticFolders?: ReadonlyArray<string>;
  /** The React pages to load: the pages folder (relative to the content root) and the files in it. Left out: none. */
  readonly pages?: { readonly folder: string; readonly files: ReadonlyArray<string> } | undefined;
  /**
   * The island components (absolute file, key; pipeline/io/island-bundle.ts):
   * a React page that imports one gets a wrapper in its place, unless the
   * page is one island as a whole (`wholePages`, by path in the pages folder).
   */
  readonly islands?: { readonly files: ReadonlyArray<readonly [string, string]>; readonly wholePages: ReadonlyArray<string> } | undefined;
}

const boxIslandModule = path.resolve(import.meta.dirname, '../../theme/islands/box-island.ts');

/** Each import of an island component in a static page: the component wrapped by theme/islands/box-island.ts. */
function islandWrappers(files: ReadonlyMap<string, string>): Plugin {
  const own = islandImports(files, (file, key) => ({ path: file, namespace: 'island-wrap', pluginData: key }), 'island-wrap');
  return {
    name: 'island-wrappers',
    setup(build) {
      void own.setup(build);
      build.onLoad({ filter: /.*/, namespace: 'island-wrap' }, (args) => ({
        contents: [
          `import Component from ${JSON.stringify(args.path)};`,
          `import { boxIsland } from ${JSON.stringify(boxIslandModule)};`,
          `export * from ${JSON.stringify(args.path)};`,
          `export default boxIsland(Component, ${JSON.stringify(String(args.pluginData))});`,
        ].join('\n'),
        loader: 'js', resolveDir: path.dirname(args.path),
      }));
    },
  };
}

/** Every plugin a bundle of site code gets: how its imports resolve (pipeline/io/site-code-resolve.ts) and its CSS (pipeline/io/site-css.ts). */
function sitePlugins(content: string, found: (asset: SiteAsset) => void, styles: SiteStylesheet[], islands?: ReadonlyMap<string, string>): Plugin[] {
  return [...(islands ? [islandWrappers(islands)] : []), sharedReact(), docusaurusApi(), siteAlias(content), siteCss(content, styles), siteImages(found), siteSvg(), sitePackages()];
}

/** What a message of esbuild means for the one who reads it: a package to install, an API we lack, or the code. */
function compileMessage(m: Message, file: string): { code: Problem['code']; text: string } {
  const detail = m.detail as ResolveDetail | undefined;
  if (detail?.kind === 'package-missing') {
    return { code: 'site-package-missing', text: `${file} importeert het pakket ${detail.name}, maar dat staat niet in de node_modules van de site. Installeer eerst de pakketten van de site zelf: draai npm install (of pnpm install) in de map van de site.` };
  }
  if (detail?.kind === 'api-unsupported') {
    return { code: 'site-api-unsupported', text: `${file} importeert ${detail.name}: die module van Docusaurus biedt de generator niet aan. Gebruik een module die docs/theme.md noemt, of schrijf het deel zonder.` };
  }
  return { code: 'site-component-invalid', text: `De code in ${file} kan niet worden gecompileerd: ${m.text}. Herstel de code, of haal het bestand uit de componentenmap of de map met pagina's.` };
}

/** esbuild's messages as problems at their file and line. */
function compileProblems(messages: ReadonlyArray<Message>, file: string, content: string, display: string): Problem[] {
  return messages.map((m) => {
    const at = m.location;
    const where = at?.file ? path.relative(content, path.resolve(content, at.file)).split(path.sep).join('/') : null;
    const shown = where && !where.startsWith('..') ? path.posix.join(display, where) : file;
    const { code, text } = compileMessage(m, file);
    return error(code, shown, at ? { line: at.line, column: at.column + 1 } : startOfFile, text);
  });
}

/** One problem per missing package: the first import that names it. */
function onePerPackage(problems: ReadonlyArray<Problem>): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    if (p.code !== 'site-package-missing') return true;
    const name = /het pakket (\S+),/.exec(p.message)?.[1] ?? p.message;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** The files of the components folder, relative to it, sorted; empty when it does not exist. */
export async function componentFiles(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  return (await fg('**/*.{tsx,jsx,js,ts}', { cwd: dir, onlyFiles: true, followSymbolicLinks: false, ignore: ['**/node_modules/**'] })).filter(isComponentFile).sort();
}

/** One file of site code bundled into the cache folder: the module to import and the stylesheets it imports, or the problems why not. */
async function bundleFile(entry: string, shown: string, name: string, content: string, display: string, outDir: string, found: (asset: SiteAsset) => void, islands?: ReadonlyMap<string, string>):
  Promise<{ problems: Problem[]; out: string | null; styles: SiteStylesheet[]; inputs: string[] }> {
  const styles: SiteStylesheet[] = [];
  try {
    const result = await build({
      entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20',
      jsx: 'automatic', loader: { '.js': 'jsx' }, logLevel: 'silent', plugins: sitePlugins(content, found, styles, islands), absWorkingDir: content,
      resolveExtensions, metafile: true,
      // A component's own packages come from the site's node_modules, never from the generator's.
      nodePaths: [],
    });
    const code = result.outputFiles[0]?.text ?? '';
    // Named for its code: the dev server imports a changed component anew, an unchanged one from the module cache.
    const out = path.join(outDir, `${name}-${contentHash(code, 16)}.mjs`);
    if (!fs.existsSync(out)) fs.writeFileSync(out, code);
    return { problems: [], out, styles, inputs: bundleInputs(result.metafile, content) };
  } catch (err) {
    const messages = (err as { errors?: Message[] }).errors;
    return { problems: messages?.length ? compileProblems(messages, shown, content, display) : [loadProblem(shown, err)], out: null, styles, inputs: [] };
  }
}

const isComponent = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/**
 * Bundles and imports the components and pages (see the module's comment),
 * leaving out `skip` (files that did not load in time before, by their key
 * in `loading`). `loading` is told each file before it is imported: the
 * box's keeper times every module load. A component is named by its path in
 * the components folder, a page by `pages:` and its path in the pages folder,
 * the component map by `componentMapMark`.
 */
export async function bundleComponents(options: SiteComponentsOptions, skip: ReadonlySet<string>, loading: (rel: string) => void): Promise<BundledComponents> {
  const { folder, componentMap } = options;
  // esbuild takes absolute paths only (its working directory, the files a resolver returns): `--content .` is one too.
  const content = path.resolve(options.content);
  const display = options.display ?? path.basename(content);
  const dir = folder === null ? null : path.resolve(content, folder);
  const files = (dir === null ? [] : await componentFiles(dir)).filter((rel) => !skip.has(rel));
  const pageFiles = (options.pages?.files ?? []).filter((rel) => !skip.has(`pages:${rel}`));
  const withMap = componentMap !== undefined && !skip.has(componentMapMark) && fs.existsSync(path.resolve(content, componentMap));
  const none = { components: new Map(), pages: new Map(), sheets: new Map(), assets: [], problems: [], inputs: [] };
  if (files.length === 0 && pageFiles.length === 0 && !withMap) return none;
  const outDir = path.join(options.cacheDir, 'site-components');
  fs.mkdirSync(outDir, { recursive: true });
  const problems: Problem[] = [];
  const assets = new Map<string, SiteAsset>();
  const found = (asset: SiteAsset): void => void assets.set(asset.url, asset);
  const components = new Map<string, Loaded>();
  const sheets = new Map<string, string>();
  const stylesOf = (made: ReadonlyArray<SiteStylesheet>): string[] => made.map((sheet) => (sheets.set(sheet.id, sheet.css), sheet.id));
  const seen = new Map<string, string>();
  const islandFiles = new Map(options.islands?.files ?? []);
  // Bundled together (esbuild runs no site code), imported one by one, in order: each import is timed.
  const bundled = await Promise.all(files.map(async (rel) => {
    const key = siteComponentKey(rel);
    const shown = path.posix.join(display, folder ?? '', rel);
    if (key === null || dir === null) return { rel, shown, key, problems: [] as Problem[], out: null, styles: [] as SiteStylesheet[], inputs: [] as string[] };
    return { rel, shown, key, ...await bundleFile(path.join(dir, rel), shown, key, content, display, outDir, found) };
  }));
  const pagesFolder = options.pages?.folder ?? '';
  const wholePages = new Set(options.islands?.wholePages ?? []);
  const bundledPages = await Promise.all(pageFiles.map(async (rel) => {
    const shown = path.posix.join(display, pagesFolder, rel);
    // A page that is one island as a whole hydrates its components with it; any other page makes each its own island.
    const islands = islandFiles.size > 0 && !wholePages.has(rel) ? islandFiles : undefined;
    return { rel, shown, ...await bundleFile(path.join(content, pagesFolder, rel), shown, `page-${rel.replace(/[^\w-]/g, '_')}`, content, display, outDir, found, islands) };
  }));
  const inputs = new Set([...bundled, ...bundledPages].flatMap((b) => b.inputs));
  const loaded: Array<{ rel: string; shown: string; key: string | null; problems: Problem[]; styles: SiteStylesheet[]; module: { default?: unknown } | null }> = [];
  for (const { out, ...entry } of bundled) {
    if (out === null) {
      loaded.push({ ...entry, module: null });
      continue;
    }
    loading(entry.rel);
    try {
      loaded.push({ ...entry, module: (await import(pathToFileURL(out).href)) as { default?: unknown } });
    } catch (err) {
      loaded.push({ ...entry, problems: [loadProblem(entry.shown, err)], module: null });
    }
  }
  for (const { rel, shown, key, problems: found, styles, module } of loaded) {
    // A helper module that does not load (it may need the browser) is no component, and no page can place it.
    if (!(mayBeHelper(rel) && !module)) problems.push(...found);
    if (key === null || !module) continue;
    const Component = module.default;
    if (!isComponent(Component)) {
      if (mayBeHelper(rel)) continue;
      problems.push(error('site-component-invalid', shown, startOfFile, `${shown} exporteert geen component als default export. Zet export default voor het component dat MDX-pagina's gebruiken.`));
      continue;
    }
    const first = seen.get(key);
    if (first) {
      problems.push(warning('site-component-invalid', shown, startOfFile, `${shown} en ${first} hebben dezelfde naam (${key.replaceAll('$', '/')}); ${first} wordt gebruikt. Geef een van beide een andere naam.`));
      continue;
    }
    seen.set(key, shown);
    components.set(key, { shown, component: Component, styles: stylesOf(styles) });
  }
  if (withMap) {
    const shown = path.posix.join(display, componentMap);
    // An island component the map imports is wrapped as in a page: the entry then says which island it is.
    const made = await bundleFile(path.resolve(content, componentMap), shown, 'MDXComponents', content, display, outDir, found, islandFiles.size > 0 ? islandFiles : undefined);
    problems.push(...made.problems);
    for (const input of made.inputs) inputs.add(input);
    if (made.out !== null) {
      loading(componentMapMark);
      try {
        const map = ((await import(pathToFileURL(made.out).href)) as { default?: unknown }).default;
        const { entries, problems: mapProblems } = mapEntries(map, shown);
        problems.push(...mapProblems);
        // The map's stylesheets go with each of its components: which entry imported which is not known.
        const styles = stylesOf(made.styles);
        for (const [name, component] of entries) {
          const island = (component as { islandKey?: unknown }).islandKey;
          components.set(mapComponentKey(name), { shown, component, styles, ...(typeof island === 'string' ? { island } : {}) });
        }
      } catch (err) {
        problems.push(loadProblem(shown, err));
      }
    }
  }
  const pages = new Map<string, Loaded>();
  for (const { rel, shown, problems: found, out, styles } of bundledPages) {
    problems.push(...found);
    if (out === null) continue;
    loading(`pages:${rel}`);
    try {
      const Page = ((await import(pathToFileURL(out).href)) as { default?: unknown }).default;
      if (isComponent(Page)) pages.set(rel, { shown, component: Page, styles: stylesOf(styles) });
      else problems.push(error('site-component-invalid', shown, startOfFile, `${shown} exporteert geen component als default export. Een React-pagina is de component die ze als default exporteert, zoals in Docusaurus.`));
    } catch (err) {
      problems.push(loadProblem(shown, err));
    }
  }
  return { components, pages, sheets, assets: [...assets.values()], problems: onePerPackage(problems), inputs: [...inputs].sort() };
}

const loadProblem = (shown: string, err: unknown): Problem =>
  error('site-component-invalid', shown, startOfFile, `De code in ${shown} kan niet worden geladen: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}. Herstel de code, of haal het bestand uit de componentenmap of de map met pagina's.`);
