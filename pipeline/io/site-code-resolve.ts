/**
 * How site code finds what it imports, as Docusaurus' webpack configuration
 * does: one esbuild plugin per kind of import, so each rule reads apart.
 * Used by the component box only (pipeline/io/site-component-bundle.ts).
 *
 * - `react`, `react-dom` (and their subpaths): always the generator's own
 *   copy, also for a package of the site that brings its own: two Reacts
 *   would break every hook (`sharedReact`).
 * - `@docusaurus/…`, `@theme/…`, `@theme-original/…`: our plain versions in
 *   theme/mdx/docusaurus.tsx; a module we do not offer is one error at the
 *   import, naming it (`docusaurusApi`).
 * - `@site/…`: files under the content root, with the same extensions and
 *   `index` files as any relative import (`siteAlias`).
 * - images: their URL, hashed like the content's assets; the box hands the
 *   files to the build, which publishes them (`siteImages`).
 * - `.svg`: a component that draws the drawing inline, through the SVG
 *   schema (`siteSvg`).
 * - other packages: from the site's own `node_modules`; a package that is not
 *   there is one error naming it and the install to run (`sitePackages`).
 *
 * CSS is not here: pipeline/io/site-component-bundle.ts has its own plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { find, svg as svgInfo } from 'property-information';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { contentHash } from '../content-hash.ts';
import { parseSvg, sanitizeSvgTree, svgSchema } from '../stages/svg-sanitize.ts';
import { createRequire } from 'node:module';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const builtins = path.join(repoRoot, 'theme/mdx/docusaurus.tsx');
/** Resolves the generator's own packages (its React renders the components). */
export const require = createRequire(path.join(repoRoot, 'package.json'));

/** The extensions an import without one may leave out, in Docusaurus' order. */
export const resolveExtensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'];

/** What an esbuild error carries in `detail` so the bundler can name the problem. */
export type ResolveDetail = { readonly kind: 'package-missing'; readonly name: string } | { readonly kind: 'api-unsupported'; readonly name: string };

/**
 * Docusaurus' modules and what theme/mdx/docusaurus.tsx gives for each: the
 * default export (or null: none) and the named exports.
 */
const docusaurusModules: Readonly<Record<string, { readonly default: string | null; readonly named?: ReadonlyArray<string> }>> = {
  '@docusaurus/Link': { default: 'Link' },
  '@docusaurus/BrowserOnly': { default: 'BrowserOnly' },
  '@docusaurus/Head': { default: 'Head' },
  '@docusaurus/Translate': { default: 'Translate', named: ['translate'] },
  '@docusaurus/useBaseUrl': { default: 'useBaseUrl', named: ['useBaseUrlUtils'] },
  '@docusaurus/useIsBrowser': { default: 'useIsBrowser' },
  '@docusaurus/useDocusaurusContext': { default: 'useDocusaurusContext' },
  '@docusaurus/useGlobalData': { default: 'useGlobalData', named: ['usePluginData', 'useAllPluginInstancesData'] },
  '@docusaurus/router': { default: null, named: ['useLocation', 'useHistory'] },
  '@docusaurus/theme-common': { default: null, named: ['useColorMode'] },
  '@theme/Layout': { default: 'Layout' },
  '@theme/Tabs': { default: 'Tabs' },
  '@theme/TabItem': { default: 'TabItem' },
  '@theme/DocCard': { default: 'DocCard' },
  '@theme/DocCardList': { default: 'DocCardList' },
  '@theme/Admonition': { default: 'Admonition' },
  '@theme/Details': { default: 'Details' },
  '@theme/CodeBlock': { default: 'CodeBlock' },
  '@theme/Heading': { default: 'Heading' },
  // Not Docusaurus', but ours when the site has not installed its own.
  clsx: { default: 'clsx', named: ['clsx'] },
};

/** The theme's component map (`@theme/MDXComponents`, `@theme-original/MDXComponents`): ours, theme/mdx/mdx-components.tsx. */
const componentMapModule = '@theme/MDXComponents';
const originalMap = path.join(repoRoot, 'theme/mdx/mdx-components.tsx');

/** The module a `@theme-original/…` import means: the theme's own, here ours. */
const themeModule = (name: string): string => name.replace(/^@theme-original\//, '@theme/');

/** The packages a component shares with the renderer: one React for the page and its components. */
const sharedPackages = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

/** `react` and `react-dom` are the generator's own, whoever imports them. */
export function sharedReact(): Plugin {
  return {
    name: 'site-code-shared-react',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) => {
        if (sharedPackages.includes(args.path)) return { path: pathToFileURL(require.resolve(args.path)).href, external: true };
        // `react-dom/client` and the like only make sense in a browser: one error, not a second React.
        return { errors: [{ text: `${args.path} is er alleen in de browser; een pagina of component rendert bij de build` }] };
      });
    },
  };
}

/** `@docusaurus/…`, `@theme/…` and `@theme-original/…`: ours (from `api`: the browser's for an island), or one error naming the module. */
export function docusaurusApi(api: string = builtins): Plugin {
  return {
    name: 'site-code-docusaurus-api',
    setup(build) {
      build.onResolve({ filter: /^@(docusaurus|theme|theme-original)\// }, (args) => {
        const name = themeModule(args.path);
        if (docusaurusModules[name] || name === componentMapModule) return { path: name, namespace: 'docusaurus' };
        const detail: ResolveDetail = { kind: 'api-unsupported', name: args.path };
        return { errors: [{ text: `${args.path} biedt de generator niet aan`, detail }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'docusaurus' }, (args) => {
        // The theme's component map, which a site's src/theme/MDXComponents spreads and adds to.
        if (args.path === componentMapModule) return { contents: `export { default } from ${JSON.stringify(originalMap)};\n`, loader: 'js', resolveDir: repoRoot };
        const module = docusaurusModules[args.path];
        const names = [...(module?.default ? [`${module.default} as default`] : []), ...(module?.named ?? [])];
        return { contents: `export { ${names.join(', ')} } from ${JSON.stringify(api)};\n`, loader: 'js', resolveDir: repoRoot };
      });
    },
  };
}

/** `@site/x` is `x` under the content root, found as a relative import is (extensions, `index`). */
export function siteAlias(content: string): Plugin {
  return {
    name: 'site-code-site-alias',
    setup(build) {
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: content, kind: args.kind, importer: args.importer }).then((found) =>
          (found.errors.length > 0 ? { errors: [{ text: `${args.path} bestaat niet in de site (ook niet met ${resolveExtensions.join(', ')} of als map met index)` }] } : { path: found.path })));
    },
  };
}

/** A packaged file a site imports (an image) and where the build publishes it. */
export interface SiteAsset {
  /** Absolute path of the file. */
  readonly file: string;
  /** Its URL on the site: `/assets/logo-3f2a9c1b0e.png`, named as the content's assets are. */
  readonly url: string;
}

const imageExtensions = /\.(png|jpe?g|gif|webp|avif|ico|bmp)$/i;

/** The URL the build publishes an image at: its name and a hash of its bytes, as pipeline/stages/assets.ts names assets. */
export function assetUrl(file: string, bytes: Uint8Array): string {
  const name = path.basename(file);
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^a-zA-Z0-9_-]/g, '-');
  return `/assets/${stem}-${contentHash(bytes)}.${dot > 0 ? name.slice(dot + 1).toLowerCase() : 'bin'}`;
}

/** An imported image is its URL; `found` hears of each file, for the build to publish it. */
export function siteImages(found: (asset: SiteAsset) => void): Plugin {
  return {
    name: 'site-code-images',
    setup(build) {
      build.onLoad({ filter: imageExtensions }, (args) => {
        const url = assetUrl(args.path, fs.readFileSync(args.path));
        found({ file: args.path, url });
        return { contents: `export default ${JSON.stringify(url)};\n`, loader: 'js' };
      });
    },
  };
}

/** Ids an inline drawing keeps: with a `-` or `_` no script can read them as a global name. */
const inlineIds = /^[A-Za-z][\w.:]*[-_][\w.:-]*$/;

/** React's name for an attribute the hast of an SVG has: its own name, `class` as `className`. */
function reactProps(element: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(element.properties)) {
    if (value === null || value === undefined || value === false) continue;
    const attribute = find(svgInfo, key).attribute;
    out[attribute === 'class' ? 'className' : attribute] = Array.isArray(value) ? value.join(' ') : String(value);
  }
  return out;
}

/**
 * The module of an `.svg` import: as Docusaurus' SVGR, a component that
 * draws it, here with the drawing as the SVG schema keeps it. `title` gives
 * it a name (`role="img"`); without one it is decoration (`aria-hidden`).
 */
export function svgComponentModule(text: string): string {
  const tree = sanitizeSvgTree(parseSvg(text), svgSchema({ ids: inlineIds })) as Root;
  const root = tree.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  const attributes = root ? reactProps(root) : {};
  const inner = root ? toHtml({ type: 'root', children: root.children }, { space: 'svg' }) : '';
  return [
    `import { createElement } from 'react';`,
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = ${JSON.stringify(inner)};`,
    `const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);`,
    `export default function Svg({ title, titleId, children, ...rest }) {`,
    `  const named = typeof title === 'string' && title !== '';`,
    `  const a11y = named ? { role: 'img', 'aria-labelledby': titleId } : rest['aria-label'] ? { role: 'img' } : { 'aria-hidden': 'true' };`,
    `  const html = (named ? '<title' + (titleId ? ' id="' + escape(titleId) + '"' : '') + '>' + escape(title) + '</title>' : '') + inner;`,
    `  return createElement('svg', { ...attributes, ...a11y, ...rest, dangerouslySetInnerHTML: { __html: html } });`,
    `}`,
    `export const ReactComponent = Svg;`,
    '',
  ].join('\n');
}

/** An `.svg` import draws inline (see `svgComponentModule`). */
export function siteSvg(): Plugin {
  return {
    name: 'site-code-svg',
    setup(build) {
      build.onLoad({ filter: /\.svg$/i }, (args) => ({ contents: svgComponentModule(fs.readFileSync(args.path, 'utf8')), loader: 'js', resolveDir: repoRoot }));
    },
  };
}

/** The package a bare import names: `@scope/name` or `name`. */
export const packageName = (specifier: string): string =>
  (specifier.startsWith('@') ? specifier.split('/').slice(0, 2) : specifier.split('/').slice(0, 1)).join('/');

/**
 * A bare import (a package) comes from the site's own `node_modules`. One
 * the site has not installed is one error naming it; `clsx`, which every
 * Docusaurus site has, falls back on ours.
 */
export function sitePackages(): Plugin {
  return {
    name: 'site-code-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'site-package' || args.path.startsWith('node:') || args.path.startsWith('@site/')) return undefined;
        const found = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'site-package' });
        if (found.errors.length === 0) return { path: found.path, external: found.external, namespace: found.namespace, sideEffects: found.sideEffects };
        if (args.path === 'clsx') return { path: 'clsx', namespace: 'docusaurus' };
        const name = packageName(args.path);
        const detail: ResolveDetail = { kind: 'package-missing', name };
        return { errors: [{ text: `het pakket ${name} staat niet in node_modules van de site`, detail }] };
      });
    },
  };
}
