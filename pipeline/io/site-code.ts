/**
 * Effect edge: code under the content root that no configuration names.
 * Content never runs, and site code runs only when the site configuration
 * names it (`mdx.components`, `plugins`): a `.tsx`, `.jsx`, `.js` or `.ts` file
 * anywhere else under the content root is listed in one warning and never
 * runs. Not listed: the files at the root itself (a Docusaurus site's
 * `docusaurus.config.js` and `sidebars.js`, which only `migrate` reads),
 * `node_modules/`, hidden folders, `build/`, the build's own output (`dist/`,
 * or the output folder when it lies in the content root), the static folders (whose
 * scripts have their own warning, `static-script-ignored`), the named
 * components folder and the folder of loose pages (`page-not-built`).
 */
import path from 'node:path';
import fg from 'fast-glob';
import { startOfFile, warning, type Problem } from '../problem.ts';

export interface NamedSiteCode {
  /** `mdx.components`, relative to the content root. */
  readonly components?: string | undefined;
  /** `mdx.componentMap` (the theme's `MDXComponents` file), relative to the content root. */
  readonly componentMap?: string | undefined;
  readonly static: ReadonlyArray<string>;
  /** The folder of loose pages, relative to the content root. */
  readonly pages?: string | undefined;
  /** The local plugins' files (`plugins` in site.yml), relative to the content root: their folders are plugin code. */
  readonly plugins?: ReadonlyArray<string> | undefined;
  /** The components of the routes those plugins added (`addRoute`), relative to the content root. */
  readonly routeComponents?: ReadonlyArray<string> | undefined;
  /** The build's output folder (absolute): its scripts are the build's own. */
  readonly output?: string | undefined;
}

/** Shown in full up to this many; then a count. */
const listed = 20;

/** The one warning for code no configuration names, or none. `display` is the content root as messages show it. */
export async function unnamedSiteCode(content: string, display: string, named: NamedSiteCode): Promise<Problem[]> {
  const folder = (rel: string): string => `${path.posix.normalize(rel).replace(/^\.\/|\/+$/g, '')}/**`;
  const output = named.output === undefined ? '' : path.relative(path.resolve(content), path.resolve(named.output)).split(path.sep).join('/');
  const ownOutput = output !== '' && !output.startsWith('..') && !path.isAbsolute(output) ? [folder(output)] : [];
  const files = (await fg('*/**/*.{tsx,jsx,js,ts,mjs,cjs,mts,cts}', {
    cwd: path.resolve(content), onlyFiles: true, followSymbolicLinks: false, dot: false,
    ignore: ['**/node_modules/**', 'build/**', 'dist/**', ...ownOutput, ...named.static.map(folder), ...[named.components, named.pages].filter((f): f is string => f !== undefined).map(folder),
      ...(named.componentMap === undefined ? [] : [path.posix.normalize(named.componentMap).replace(/^\.\//, '')]),
      // A plugin's own folder holds its helpers; a plugin at the root is only itself.
      ...(named.plugins ?? []).map((p) => path.posix.normalize(p).replace(/^\.\//, '')).map((p) => (path.posix.dirname(p) === '.' ? p : folder(path.posix.dirname(p)))),
      ...(named.routeComponents ?? [])],
  })).filter((f) => !f.endsWith('.d.ts')).sort();
  if (files.length === 0) return [];
  const shown = files.map((f) => path.posix.join(display, f));
  const list = shown.length > listed ? `${shown.slice(0, listed).join(', ')} en ${shown.length - listed} meer` : shown.join(', ');
  return [warning('site-code-ignored', shown[0]!, startOfFile,
    `${files.length === 1 ? 'Dit bestand is code die' : `Deze ${files.length} bestanden zijn code die`} geen siteconfiguratie noemt, en ${files.length === 1 ? 'draait' : 'draaien'} niet: ${list}. Content draait nooit; componenten van de site draaien alleen als mdx.components in de siteconfiguratie hun map noemt.`)];
}
