/**
 * The CSS that site code imports, as the site component bundle
 * (pipeline/io/site-component-bundle.ts) meets it: one esbuild plugin,
 * `siteCss`, that every bundle of site code uses.
 *
 * - `*.module.css`: a CSS module. Each class gets a scoped name,
 *   `<name>_<class>_<hash>` (`Tegel_titel_3f9a1c`): the name is the file's
 *   (`styles.module.css` and `index.module.css` take their folder's), the
 *   hash is of the file's path under the content root, so the same file gives
 *   the same names in every build and two files never share one. The module
 *   exports the class names as written → their scoped names; `:global(.x)`
 *   keeps `.x` as it is.
 * - other `*.css` (a component's own, or a package's): imported as it is.
 * - `*.scss`, `*.sass`, `*.less`: nothing (no compiler for them runs).
 *
 * What each bundle imported is collected in import order as stylesheets
 * (`id`: the file's path under the content root, `css`: its text); the io edge
 * links them on the pages that use the component (pipeline/stages/site-styles.ts).
 * CSS is data to the build: it is read, never run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { contentHash } from '../content-hash.ts';

/** One stylesheet a bundle of site code imported. */
export interface SiteStylesheet {
  /** The file's path under the content root (`src/components/Tegel/styles.module.css`), or under node_modules. */
  readonly id: string;
  readonly css: string;
}

/** The name a CSS module's classes start with: the file's, or its folder's for `styles`/`index`. */
function moduleName(id: string): string {
  const base = path.posix.basename(id).replace(/\.module\.css$/, '');
  const named = /^(styles?|index)$/i.test(base) ? path.posix.basename(path.posix.dirname(id)) : base;
  return named.replace(/[^\w-]/g, '_') || 'css';
}

/**
 * A CSS module with each class in its selectors renamed (see the module's
 * comment), and the names it gives. Comments, strings, `url(…)` and the
 * declarations are left as they are: only preludes (what stands before `{`)
 * name classes. `@keyframes` steps and numbers (`.5em`) are no classes.
 */
export function scopeCssModule(css: string, id: string): { css: string; classes: Readonly<Record<string, string>> } {
  const prefix = moduleName(id);
  const hash = contentHash(id, 6);
  const classes: Record<string, string> = {};
  const scoped = (name: string): string => (classes[name] ??= `${prefix}_${name}_${hash}`);
  const renamePrelude = (prelude: string): string => {
    // An at-rule's prelude (`@media (min-width: 37.5em)`, `@keyframes x`) names no class.
    if (/^\s*@/.test(prelude)) return prelude;
    // `:global(.x)` stays `.x`; `:local(.x)` is `.x` scoped.
    // Comments and strings (`[data-x="a.b"]`) in a prelude are kept as they are, like `:global`'s selector.
    const globals: string[] = [];
    const keep = (text: string): string => `\u0000${globals.push(text) - 1}\u0000`;
    const marked = prelude.replace(/\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, keep).replace(/:global\(([^)]*)\)/g, (_, inner: string) => keep(inner)).replace(/:local\(([^)]*)\)/g, '$1');
    const renamed = marked.replace(/(?<!\\)\.(-?[_a-zA-Z][\w-]*)/g, (_, name: string) => `.${scoped(name)}`);
    return renamed.replace(/\u0000(\d+)\u0000/g, (_, i: string) => globals[Number(i)] ?? '');
  };
  return { css: mapPreludes(css, renamePrelude), classes };
}

/**
 * `css` with each prelude (the text before a `{`: a selector list, or an
 * at-rule such as `@media …`) given to `map`, and everything else (comments,
 * strings, declarations) as it is.
 */
export function mapPreludes(css: string, map: (prelude: string) => string): string {
  let out = '';
  let segment = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end === -1 ? css.length : end + 2;
      segment += css.slice(i, stop);
      i = stop - 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      segment += css.slice(i, j + 1);
      i = j;
    } else if (c === '{') {
      out += `${map(segment)}{`;
      segment = '';
    } else if (c === ';' || c === '}') {
      out += segment + c;
      segment = '';
    } else segment += c;
  }
  return out + segment;
}

/** The id of a CSS file: its path under the content root, `/`-separated. */
const idOf = (file: string, content: string): string => path.relative(content, file).split(path.sep).join('/');

/**
 * The esbuild plugin for CSS in site code (see the module's comment);
 * `collected` gets each stylesheet the bundle imports, once, in import order.
 */
export function siteCss(content: string, collected: SiteStylesheet[]): Plugin {
  const add = (sheet: SiteStylesheet): void => {
    if (!collected.some((s) => s.id === sheet.id)) collected.push(sheet);
  };
  return {
    name: 'site-css',
    setup(build) {
      // esbuild finds the file itself (relative paths, packages); only its loading is ours.
      build.onLoad({ filter: /\.module\.css$/ }, (args) => {
        const id = idOf(args.path, content);
        const { css, classes } = scopeCssModule(fs.readFileSync(args.path, 'utf8'), id);
        add({ id, css });
        return { contents: `export default ${JSON.stringify(classes)};`, loader: 'js' };
      });
      build.onLoad({ filter: /\.css$/ }, (args) => {
        add({ id: idOf(args.path, content), css: fs.readFileSync(args.path, 'utf8') });
        return { contents: '', loader: 'js' };
      });
      build.onLoad({ filter: /\.(scss|sass|less)$/ }, () => ({ contents: '', loader: 'js' }));
    },
  };
}
