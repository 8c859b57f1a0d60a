/**
 * Runs inside the component box only (pipeline/io/workers/component-box-worker.ts),
 * never in the build's own process: the site's own components. The folder
 * `mdx.components` names holds `.tsx`/`.jsx` files (and `.js`/`.ts`, read as
 * JSX as Docusaurus does); each is bundled on its own with esbuild into
 * `<cacheDir>/site-components/` and imported. They render at build time
 * only: no site component reaches the browser.
 *
 * What a component imports:
 * - `react` (and `react/jsx-runtime`, `react-dom`): the generator's own copy,
 *   so hooks run in the React that renders the page;
 * - `@docusaurus/Link`, `@theme/Tabs`, `clsx`, … : our plain versions
 *   (theme/mdx/docusaurus.tsx);
 * - `@site/…`: files under the content root;
 * - `*.css` and `*.module.css`: pipeline/io/site-css.ts (a CSS module's
 *   classes get scoped names; the stylesheets ship with the pages that use
 *   the component);
 * - `*.svg` in a static folder: a component that shows it as an image, where
 *   Docusaurus makes the drawing a component of its own;
 * - other packages: from the site's own node_modules, when it has them.
 *
 * A file that does not compile, or exports no component, is an error at its
 * line; the other components still load. The theme's component map
 * (`mdx.componentMap`) is bundled the same way (pipeline/io/site-component-map.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import type { Message, Plugin } from 'esbuild';
import { contentHash } from '../content-hash.ts';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { isComponentFile, mayBeHelper, siteComponentKey } from '../stages/site-component-keys.ts';
import { siteCss, type SiteStylesheet } from './site-css.ts';
import { mapComponentKey, mapEntries } from './site-component-map.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const builtins = path.join(repoRoot, 'theme/mdx/docusaurus.tsx');
const originalMap = path.join(repoRoot, 'theme/mdx/mdx-components.tsx');
/** What the box says it is loading while it imports the component map (no file of the components folder is named so). */
export const componentMapMark = '@componentMap';
/** Resolves the generator's own packages (its React renders the components). */
export const require = createRequire(path.join(repoRoot, 'package.json'));

/** The loaded components by key (`Kaart`), each with its file as messages show it and the ids of the stylesheets it imports. */
export interface BundledComponents {
  readonly components: ReadonlyMap<string, { readonly shown: string; readonly component: unknown; readonly styles: ReadonlyArray<string> }>;
  /** The stylesheets the components import, by id (pipeline/io/site-css.ts). */
  readonly sheets: ReadonlyMap<string, string>;
  readonly problems: ReadonlyArray<Problem>;
}

export interface SiteComponentsOptions {
  /** The content root (`--content`). */
  readonly content: string;
  /** `mdx.components` from the configuration, relative to the content root; left out: no components folder. */
  readonly folder?: string | undefined;
  /** `mdx.componentMap` from the configuration, relative to the content root; left out: no map. */
  readonly componentMap?: string | undefined;
  readonly cacheDir: string;
  /** How files are named in messages: the content root as the user wrote it (`content`). */
  readonly display?: string;
  /** The static folders (published at the site root), relative to the content root; left out: `static`. */
  readonly staticFolders?: ReadonlyArray<string>;
}

/**
 * An SVG file a component imports: Docusaurus makes it a React component
 * (SVGR). Here it is an image of the file where the site publishes it, so a
 * file in a static folder; `title` is its text alternative, else it is
 * decoration (a `role` is dropped: an image without a name may not claim one).
 */
function svgModule(file: string, content: string, staticFolders: ReadonlyArray<string>): { contents: string; loader: 'js'; resolveDir: string } | { errors: { text: string }[] } {
  const rel = path.relative(content, file).split(path.sep).join('/');
  const folder = staticFolders.map((f) => f.replace(/\/+$/, '')).find((f) => rel.startsWith(`${f}/`));
  if (folder === undefined) return { errors: [{ text: `${rel} staat niet in een statische map (${staticFolders.join(', ')}); een SVG die een component importeert, toont de site als afbeelding uit die map` }] };
  const src = `/${rel.slice(folder.length + 1)}`;
  return {
    contents: `import { createElement } from 'react';\nexport default function Svg({ title, role, children, ...rest }) { return createElement('img', { ...rest, src: ${JSON.stringify(src)}, alt: typeof title === 'string' ? title : '' }); }\n`,
    loader: 'js', resolveDir: repoRoot,
  };
}

/** Docusaurus' imports and the export of theme/mdx/docusaurus.tsx that stands for each. */
const docusaurusImports: Readonly<Record<string, string>> = {
  '@docusaurus/Link': 'Link',
  '@docusaurus/BrowserOnly': 'BrowserOnly',
  '@docusaurus/Head': 'Head',
  '@docusaurus/Translate': 'Translate',
  '@docusaurus/useBaseUrl': 'useBaseUrl',
  '@docusaurus/useIsBrowser': 'useIsBrowser',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext',
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/DocCard': 'DocCard',
  '@theme/Admonition': 'Admonition',
  '@theme/Details': 'Details',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/Heading': 'Heading',
  '@theme-original/MDXComponents': 'default',
  '@theme/MDXComponents': 'default',
  clsx: 'clsx',
};

/** The packages a component shares with the renderer: one React for the page and its components. */
const sharedPackages = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

/** The resolver of a component's imports (see the module's comment). */
function imports(content: string, staticFolders: ReadonlyArray<string>): Plugin {
  return {
    name: 'site-component-imports',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) =>
        (sharedPackages.includes(args.path) ? { path: pathToFileURL(require.resolve(args.path)).href, external: true } : undefined));
      build.onResolve({ filter: /^(@docusaurus|@theme|@theme-original)\/|^clsx$/ }, (args) => {
        const name = docusaurusImports[args.path];
        return name ? { path: args.path, namespace: 'docusaurus' } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'docusaurus' }, (args) => {
        const name = docusaurusImports[args.path] ?? '';
        if (name === 'default') return { contents: `export { default } from ${JSON.stringify(originalMap)};`, loader: 'js', resolveDir: repoRoot };
        const named = args.path === 'clsx' || args.path === '@docusaurus/Translate' ? `export { clsx${args.path === 'clsx' ? '' : ', translate'} } from ${JSON.stringify(builtins)};` : '';
        return { contents: `export { ${name} as default } from ${JSON.stringify(builtins)};\n${named}`, loader: 'js', resolveDir: repoRoot };
      });
      build.onResolve({ filter: /^@site\// }, (args) => ({ path: path.join(content, args.path.slice('@site/'.length)) }));
      build.onLoad({ filter: /\.svg$/ }, (args) => svgModule(args.path, content, staticFolders));
    },
  };
}

/** esbuild's messages as problems at their file and line. */
function compileProblems(messages: ReadonlyArray<Message>, file: string, content: string, display: string): Problem[] {
  return messages.map((m) => {
    const at = m.location;
    const where = at?.file ? path.relative(content, path.resolve(at.file)).split(path.sep).join('/') : null;
    const shown = where && !where.startsWith('..') ? path.posix.join(display, where) : file;
    return error('site-component-invalid', shown, at ? { line: at.line, column: at.column + 1 } : startOfFile,
      `Het component in ${file} kan niet worden gecompileerd: ${m.text}. Herstel de code, of zet het component uit de componentenmap.`);
  });
}

/** The files of the components folder, relative to it, sorted; empty when it does not exist. */
export async function componentFiles(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  return (await fg('**/*.{tsx,jsx,js,ts}', { cwd: dir, onlyFiles: true, followSymbolicLinks: false, ignore: ['**/node_modules/**'] })).filter(isComponentFile).sort();
}

/** One entry bundled into `outDir` under `name`: the file to import and the stylesheets it imports, or its problems. */
async function bundleEntry(entry: string, name: string, shown: string, content: string, display: string, outDir: string, staticFolders: ReadonlyArray<string>):
  Promise<{ out: string | null; styles: SiteStylesheet[]; problems: Problem[] }> {
  const { build } = await import('esbuild');
  const styles: SiteStylesheet[] = [];
  try {
    const result = await build({
      entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20',
      jsx: 'automatic', loader: { '.js': 'jsx' }, logLevel: 'silent', plugins: [imports(content, staticFolders), siteCss(content, styles)], absWorkingDir: content,
      // A component's own packages come from the site's node_modules, never from the generator's.
      nodePaths: [],
    });
    const code = result.outputFiles[0]?.text ?? '';
    // Named for its code: the dev server imports a changed component anew, an unchanged one from the module cache.
    const out = path.join(outDir, `${name}-${contentHash(code, 16)}.mjs`);
    if (!fs.existsSync(out)) fs.writeFileSync(out, code);
    return { out, styles, problems: [] };
  } catch (err) {
    const messages = (err as { errors?: Message[] }).errors;
    return { out: null, styles, problems: messages?.length ? compileProblems(messages, shown, content, display) : [loadProblem(shown, err)] };
  }
}

/**
 * Bundles and imports the components (see the module's comment), leaving out
 * `skip` (files that did not load in time before). `loading` is told each
 * file before it is imported (`componentMapMark` for the map): the box's
 * keeper times every module load.
 */
export async function bundleComponents(options: SiteComponentsOptions, skip: ReadonlySet<string>, loading: (rel: string) => void): Promise<BundledComponents> {
  const { folder, componentMap } = options;
  // esbuild takes absolute paths only (its working directory, the files a resolver returns): `--content .` is one too.
  const content = path.resolve(options.content);
  const display = options.display ?? path.basename(content);
  const dir = folder === undefined ? null : path.resolve(content, folder);
  const files = dir === null ? [] : (await componentFiles(dir)).filter((rel) => !skip.has(rel));
  const withMap = componentMap !== undefined && !skip.has(componentMapMark) && fs.existsSync(path.resolve(content, componentMap));
  if (files.length === 0 && !withMap) return { components: new Map(), sheets: new Map(), problems: [] };
  const outDir = path.join(options.cacheDir, 'site-components');
  fs.mkdirSync(outDir, { recursive: true });
  const staticFolders = options.staticFolders ?? ['static'];
  const problems: Problem[] = [];
  const sheets = new Map<string, string>();
  const components = new Map<string, { shown: string; component: unknown; styles: string[] }>();
  const seen = new Map<string, string>();
  const stylesOf = (found: ReadonlyArray<SiteStylesheet>): string[] => found.map((sheet) => (sheets.set(sheet.id, sheet.css), sheet.id));
  // Bundled together (esbuild runs no site code), imported one by one, in order: each import is timed.
  const bundled = await Promise.all(files.map(async (rel) => {
    const key = siteComponentKey(rel);
    const shown = path.posix.join(display, folder ?? '', rel);
    if (key === null || dir === null) return { rel, shown, key, problems: [] as Problem[], out: null, styles: [] as SiteStylesheet[] };
    return { rel, shown, key, ...await bundleEntry(path.join(dir, rel), key, shown, content, display, outDir, staticFolders) };
  }));
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
    if (typeof Component !== 'function' && !(typeof Component === 'object' && Component !== null && '$$typeof' in Component)) {
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
    const made = await bundleEntry(path.resolve(content, componentMap), 'MDXComponents', shown, content, display, outDir, staticFolders);
    problems.push(...made.problems);
    if (made.out !== null) {
      loading(componentMapMark);
      try {
        const map = ((await import(pathToFileURL(made.out).href)) as { default?: unknown }).default;
        const { entries, problems: mapProblems } = mapEntries(map, shown);
        problems.push(...mapProblems);
        // The map's stylesheets go with each of its components: which entry imported which is not known.
        const styles = stylesOf(made.styles);
        for (const [name, component] of entries) components.set(mapComponentKey(name), { shown, component, styles });
      } catch (err) {
        problems.push(loadProblem(shown, err));
      }
    }
  }
  return { components, sheets, problems };
}

const loadProblem = (shown: string, err: unknown): Problem =>
  error('site-component-invalid', shown, startOfFile, `Het component in ${shown} kan niet worden geladen: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}. Herstel de code, of zet het component uit de componentenmap.`);
