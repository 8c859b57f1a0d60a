/**
 * The input edge: the only module that reads the disk. Everything after it
 * works on the `SourceTree` value it returns.
 */
import fs from 'node:fs/promises';
import fsSync, { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { pipe } from 'fp-ts/function';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { all, collect, failed, map, ok, problemsOf, tell, valueOf, withProblems, type Result } from '../result.ts';
import { decodedText } from './decoded-text.ts';
import { isRight } from 'fp-ts/lib/Either.js';
import { ContentConfig } from '../model.ts';
import { contentFolders, layoutOf, outsideRoot, portalLayout, registryFiles } from '../layout.ts';
import { maxConfigBytes } from '../stages/validate/config-limits.ts';
import { configData } from '../stages/parse.ts';
import type { Store } from '../memo.ts';
import type { StoredYaml } from '../stages/parse/yaml.ts';

import type { AssetFile, Layout, SourceFile, SourceTree } from '../types.ts';

export type { AssetFile, SourceFile, SourceTree } from '../types.ts';

const textExtensions = /\.(md|mdx|ya?ml|json)$/i;
export const assetExtensions = /\.(svg|png|jpe?g|gif|webp|avif|ico|pdf)$/i;
/**
 * Files beside the content that a page may link to for download, as
 * Docusaurus' file loader publishes them (documents, spreadsheets, archives,
 * media): copied with a hashed name, like images.
 */
export const downloadExtensions = /\.(docx?|xlsx?|pptx?|odt|ods|odp|odg|rtf|csv|tsv|txt|zip|rar|7z|gz|tgz|tar|epub|mp3|mp4|m4a|ogg|oga|wav|webm|mov)$/i;

const display = (abs: string): string => path.relative(process.cwd(), abs).split(path.sep).join('/') || '.';

const describe = (e: unknown): string => (e instanceof Error && 'code' in e ? String(e.code) : String(e));

/**
 * Reads a file, refusing (ELOOP) when it was swapped for a symbolic link after
 * the walk. Synchronously: the files are read one after another anyway, and
 * open, stat, read and close each as a trip through libuv's threadpool cost
 * twice the CPU for the site's 200 files, and more wall time on a busy
 * machine.
 */
async function readNoFollow(abs: string): Promise<Buffer> {
  const fd = fsSync.openSync(abs, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  try {
    return fsSync.readFileSync(fd);
  } finally {
    fsSync.closeSync(fd);
  }
}

/** One file of the walk, made into `A` by `make`; a file that cannot be read is a problem, not a crash. */
async function readOne<A>(root: string, rel: string, make: (bytes: Buffer, shown: string) => Result<A>): Promise<Result<A>> {
  const abs = path.join(root, rel);
  const shown = display(abs);
  try {
    return make(await readNoFollow(abs), shown);
  } catch (e) {
    return failed([error('file-unreadable', shown, startOfFile, `Het bestand kan niet worden gelezen (${describe(e)}). Controleer de rechten op het bestand.`)]);
  }
}

/** `read` on every item in turn, in walk order: one file open at a time, however large the tree. */
async function inTurn<A, B>(items: ReadonlyArray<A>, read: (item: A) => Promise<Result<B>>): Promise<Result<ReadonlyArray<B>>> {
  const results: Array<Result<B>> = [];
  for (const item of items) results.push(await read(item));
  return collect((result: Result<B>) => result)(results);
}

/** The site configuration file; null, with the problem, when it cannot be read. */
async function readConfig(configFile: string): Promise<Result<SourceFile | null>> {
  const configAbs = path.resolve(configFile);
  try {
    const shown = display(configAbs);
    if ((await fs.stat(configAbs)).size > maxConfigBytes) return withProblems(null, [tooLarge(shown, 'De siteconfiguratie')]);
    // A configuration that is no text is no configuration: null, with the reason, as when it cannot be read.
    const decoded = decodedText(await fs.readFile(configAbs), shown);
    const text = valueOf(decoded);
    return withProblems(text === null ? null : { path: path.basename(configAbs), display: shown, text }, problemsOf(decoded));
  } catch (e) {
    return withProblems(null, [error('config-invalid', display(configAbs), startOfFile, `De siteconfiguratie kan niet worden gelezen (${describe(e)}). Zet een geldig ${path.basename(configAbs)} in dist-config/.`)]);
  }
}

/** A configuration file past the limit: it is not read at all. */
const tooLarge = (shown: string, what: string): Problem => error('config-invalid', shown, startOfFile,
  `${what} is groter dan ${maxConfigBytes / 1024 / 1024} MB en wordt niet gelezen. Zo groot is geen configuratie: kijk na wat erin staat.`);

/**
 * Why a Markdown file with a hidden name (`.concept.md`) is no page. A name of
 * dots only (`...md`) would be the path `..`, so it cannot be one either way.
 */
function hiddenPage(shown: string, name: string): Problem {
  const dotsOnly = /^\.*\.mdx?$/i.test(name);
  return warning('hidden-file-ignored', shown, startOfFile, dotsOnly
    ? `De naam ${JSON.stringify(name)} bestaat alleen uit punten; de build slaat zo'n bestand over, want het pad van de pagina zou "..", "." of leeg worden. Geef het bestand een naam met letters.`
    : `De naam ${JSON.stringify(name)} begint met een punt: de build slaat verborgen bestanden over. Is dit een pagina, haal dan de punt weg.`);
}

/** A folder of the walk, as fast-glob reports its entries. */
interface Walked {
  readonly path: string;
  readonly name: string;
  readonly dirent: { isFile(): boolean; isSymbolicLink(): boolean };
}

/**
 * Every entry under `folder` (a path under `root`; '' for the root itself),
 * its paths relative to `root`, never following a symbolic link. A folder
 * that does not exist walks as empty.
 */
async function walk(root: string, folder: string, deep?: number): Promise<Walked[]> {
  const cwd = path.join(root, folder);
  // The root is the caller's choice and may be a link (a workspace pointing at content/); below it, no link is followed.
  const stat = (folder === '' ? fsSync.statSync : fsSync.lstatSync)(cwd, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return [];
  let found: fg.Entry[] = [];
  try {
    found = fg.sync(['**/*', '**/.*'], { cwd, dot: false, onlyFiles: false, followSymbolicLinks: false, objectMode: true, ...(deep ? { deep } : {}) });
  } catch {
    // An unreadable folder: nothing in it is read.
  }
  return found.map((e) => ({ path: folder ? `${folder}/${e.path}` : e.path, name: e.name, dirent: e.dirent }));
}

/**
 * Files of a content area that Docusaurus does not build either: names and
 * folders starting with `_` (partials, drafts kept aside), except the
 * `_category_` files that describe a folder.
 */
const underscored = (rel: string): boolean =>
  rel.split('/').some((part, i, parts) => part.startsWith('_') && !(i === parts.length - 1 && /^_category_\.(json|ya?ml)$/.test(part)));

/** Code files: a React page in the pages folder, a site component elsewhere. The build reads no code. */
const codeFile = /\.(jsx?|tsx?|mjs|cjs)$/i;

/**
 * The layout the configuration asks for, read leniently: the read edge only
 * needs to know which folders to walk. A `content` that does not decode is
 * reported by validate; the walk then takes the portal's folders.
 */
function layoutFromConfig(config: SourceFile | null, yaml?: Store<StoredYaml>): Layout {
  if (!config) return portalLayout;
  // The dev server reads the same configuration at every rebuild: parsing it again cost about 10 ms.
  if (lastLayout?.text === config.text) return lastLayout.layout;
  const layout = layoutOfConfig(config, yaml);
  lastLayout = { text: config.text, layout };
  return layout;
}

let lastLayout: { readonly text: string; readonly layout: Layout } | null = null;

/** Read as the parse stage reads it, through the build cache's YAML store when there is one: a warm build loads no YAML parser for it (18 ms). */
function layoutOfConfig(config: SourceFile, yaml?: Store<StoredYaml>): Layout {
  try {
    const data: unknown = configData(config, yaml);
    const content = typeof data === 'object' && data !== null && 'content' in data ? (data as { content: unknown }).content : undefined;
    if (content === undefined) return portalLayout;
    const decoded = ContentConfig.decode(content);
    return isRight(decoded) ? layoutOf(decoded.right) : portalLayout;
  } catch {
    return portalLayout;
  }
}

/**
 * The React pages among code files of the pages folder (paths inside it), as
 * the Docusaurus pages plugin takes them: `.tsx/.jsx/.ts/.js`, not a test
 * (`*.test.*`, `__tests__/`), not a type declaration, and not matched by an
 * `exclude` glob. (`_`-files were left out before.)
 */
export function reactPagesIn(files: ReadonlyArray<string>, excluded: ReadonlySet<string>): string[] {
  return files.filter((rel) => /\.(tsx|jsx|ts|js)$/.test(rel) && !rel.endsWith('.d.ts') && !/\.(test|spec)\.[jt]sx?$/.test(rel)
    && !rel.split('/').includes('__tests__') && !excluded.has(rel)).sort();
}

/** The one warning for React pages: they are code, which the build never runs. */
function reactPages(root: string, pages: ReadonlyArray<string>): Problem[] {
  const [first] = pages;
  if (first === undefined) return [];
  const names = pages.map((rel) => display(path.join(root, rel)));
  return [warning('page-not-built', names[0] ?? first, startOfFile,
    `${pages.length === 1 ? 'Deze React-pagina wordt' : `Deze en ${pages.length - 1} andere React-pagina's (${names.slice(1).join(', ')}) worden`} niet gebouwd: de build voert geen code uit de content uit. Schrijf de pagina in Markdown (.md of .mdx) in dezelfde map; componenten zet je in de componentenmap.`)];
}

const symlinkIgnored = (shown: string): Problem => warning('symlink-ignored', shown, startOfFile,
  'Dit is een symbolische link; de build volgt geen links en leest alleen echte bestanden binnen de contentmap. Zet het bestand zelf in content/.');

/**
 * The data files the layout names (tags and authors files), each read by its
 * own path wherever it lies in the content root: Docusaurus resolves them
 * against a plugin's folder, so `tags: ../tags.yml` in `docs/` is the root's
 * `tags.yml`. Only the file is read, never the folder it is in. A file that
 * is not there is left to validate (which says what is missing), as is a path
 * outside the root, which is never read. A symbolic link anywhere on the way
 * is reported, not followed.
 */
async function readNamed(root: string, named: ReadonlyArray<string>): Promise<Result<ReadonlyArray<SourceFile>>> {
  const found = await inTurn(named.filter((rel) => !outsideRoot(rel)), async (rel): Promise<Result<ReadonlyArray<SourceFile>>> => {
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = path.join(root, ...parts.slice(0, i));
      const stat = await fs.lstat(at).catch(() => null);
      if (!stat) return ok([]);
      if (stat.isSymbolicLink()) return withProblems([], [symlinkIgnored(display(at))]);
      if (i < parts.length ? !stat.isDirectory() : !stat.isFile()) return ok([]);
    }
    const read = await readOne(root, rel, (bytes, shown) => pipe(decodedText(bytes, shown), map((text): SourceFile => ({ path: rel, display: shown, text }))));
    return pipe(read, map((file): ReadonlyArray<SourceFile> => [file]));
  });
  return pipe(found, map((lists) => lists.flat()));
}

/** Data files the configuration names beside itself (sidebars), read relative to its folder. */
async function readConfigData(configFile: string, layout: Layout): Promise<Result<ReadonlyArray<SourceFile>>> {
  const folder = path.dirname(path.resolve(configFile));
  const named = [...new Set(layout.docs.flatMap((a) => (a.sidebarPath ? [a.sidebarPath] : [])))];
  return inTurn(named, async (rel) => {
    const abs = path.resolve(folder, rel);
    const shown = display(abs);
    // The codec allows only paths inside the folder; this edge holds to that whatever reached it.
    if (path.relative(folder, abs).startsWith('..') || path.isAbsolute(path.relative(folder, abs))) {
      return failed([error('config-invalid', display(path.resolve(configFile)), startOfFile,
        `Het zijbalkbestand ${rel} ligt buiten de map van de siteconfiguratie; de build leest het niet. Zet het naast site.yml.`)]);
    }
    try {
      const handle = await fs.lstat(abs);
      if (handle.size > maxConfigBytes) return failed([tooLarge(shown, `Het zijbalkbestand ${rel}`)]);
      return pipe(decodedText(await readNoFollow(abs), shown), map((text): SourceFile => ({ path: rel, display: shown, text })));
    } catch (e) {
      return failed([error('config-invalid', display(path.resolve(configFile)), startOfFile,
        `Het zijbalkbestand ${rel} dat de siteconfiguratie noemt (sidebarPath) kan niet worden gelezen (${describe(e)}). Controleer het pad: het is relatief aan de map van de siteconfiguratie.`)]);
    }
  });
}

/**
 * Reads the content tree and the site configuration. Never throws: failures
 * become problems. The tree carries them in its `problems` field rather than
 * being a `Result`, because there always is a tree (an unreadable file drops
 * out, a missing folder reads as empty) and `analyse` takes trees made in
 * memory, by the tests, in the same shape.
 *
 * Only the folders the layout names are walked (the content areas, the
 * static folders), and the data files it names (tags, authors) are read by
 * their own path:
 * pointed at a Docusaurus site, the build never reads node_modules/, build/
 * or .docusaurus/.
 */
export async function readSources(contentRoot: string, configFile: string, yaml?: Store<StoredYaml>): Promise<SourceTree> {
  const root = path.resolve(contentRoot);
  const stat = await fs.stat(root).catch(() => null);
  const missing = stat?.isDirectory() ? [] : [error('content-missing', display(root), startOfFile,
    `De contentmap bestaat niet. Maak de map aan of geef een andere map op met --content MAP.`)];
  const config = await readConfig(configFile);
  const layout = layoutFromConfig(valueOf(config), yaml);

  // One walk per folder that never follows a symbolic link (a loop, or a way out of the content root):
  // regular files are read, links are reported and skipped, anything else (a pipe, a socket) is left alone.
  // Hidden names (`.x`) are skipped; `**/.*` finds them in visible folders only, to say so of Markdown files.
  const areaFolders = [...new Set(contentFolders(layout))];
  const nested = (rel: string) => areaFolders.some((f) => f !== '' && rel.startsWith(`${f}/`));
  const found = stat?.isDirectory()
    ? [
      // The root itself: only its own files (a stray page), never its other folders; named files are read apart.
      ...(await walk(root, '', 1)).filter((e) => !e.dirent.isFile() || !nested(e.path)),
      ...(await Promise.all(areaFolders.filter((f) => f !== '').map((f) => walk(root, f)))).flat(),
    ]
    : [];
  const seen = new Set<string>();
  const unique = found.filter((e) => !seen.has(e.path) && seen.add(e.path));
  const walked = unique.filter((e) => !e.name.startsWith('.') && !e.path.split('/').some((part) => part.startsWith('.')));
  const files = walked.filter((e) => e.dirent.isFile()).map((e) => e.path).sort();
  const atRoot = (rel: string) => !rel.includes('/');
  // A root file is content only when the layout names it (tags.yml). In the portal's own content folder a
  // stray Markdown file is read too, to say it is outside the areas; a configured site's root holds its
  // README.md and the like, which are no pages.
  const registries = new Set(registryFiles(layout));
  const strayPages = layout === portalLayout;
  // The tags and authors files are read by their own path (`readNamed`), wherever they are.
  const content = files.filter((rel) => !registries.has(rel) && (atRoot(rel) ? strayPages && /\.mdx?$/i.test(rel) : !underscored(rel.split('/').slice(1).join('/'))));
  // A Markdown file with a `_` in its path under an area is a partial: no page, but a page may import it.
  const partials = files.filter((rel) => !atRoot(rel) && /\.mdx?$/i.test(rel) && !registries.has(rel) && underscored(rel.split('/').slice(1).join('/')));
  const pagesFolder = layout.pages?.path;
  const reactPageFiles = pagesFolder ? files.filter((rel) => rel.startsWith(`${pagesFolder}/`) && codeFile.test(rel) && !underscored(rel.slice(pagesFolder.length + 1))) : [];
  // A folder the configuration names runs its React pages (site code); any other only says they are not built.
  const runsPages = layout.pages?.react === true;
  const exclude = layout.pages?.exclude ?? [];
  const excluded = new Set(runsPages && pagesFolder && exclude.length > 0
    ? await fg([...exclude], { cwd: path.join(root, pagesFolder), onlyFiles: true, followSymbolicLinks: false }).catch(() => []) : []);
  const reactPageList = runsPages && pagesFolder ? reactPagesIn(reactPageFiles.map((rel) => rel.slice(pagesFolder.length + 1)), excluded) : [];
  // At the root only a link in the place of something the layout names is reported; a site root has other business.
  const named = (rel: string) => strayPages || areaFolders.includes(rel) || layout.static.includes(rel);
  const links = walked.filter((e) => e.dirent.isSymbolicLink() && !registries.has(e.path) && (!atRoot(e.path) || named(e.path))).map((e) => e.path).sort()
    .map((link) => symlinkIgnored(display(path.join(root, link))));
  const hidden = unique.filter((e) => e.name.startsWith('.') && e.dirent.isFile() && /\.mdx?$/i.test(e.name)).map((e) => e.path).sort()
    .map((rel) => hiddenPage(display(path.join(root, rel)), path.basename(rel)));

  const read = pipe(
    all({
      files: pipe(
        all({
          walked: await inTurn(content.filter((rel) => textExtensions.test(rel)), (rel) =>
            readOne(root, rel, (bytes, shown) => pipe(decodedText(bytes, shown), map((text): SourceFile => ({ path: rel, display: shown, text }))))),
          named: stat?.isDirectory() ? await readNamed(root, [...registries]) : ok([]),
        }),
        // In path order, as the walk gives them.
        map(({ walked, named }) => [...walked, ...named].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))),
      ),
      assets: await inTurn(content.filter((rel) => !textExtensions.test(rel) && (assetExtensions.test(rel) || downloadExtensions.test(rel))), (rel) =>
        readOne(root, rel, (bytes, shown) => ok<AssetFile>({ path: rel, display: shown, bytes: new Uint8Array(bytes) }))),
      partials: await inTurn(partials, (rel) =>
        readOne(root, rel, (bytes, shown) => pipe(decodedText(bytes, shown), map((text): SourceFile => ({ path: rel, display: shown, text }))))),
      staticFiles: await readStatic(root, layout),
      configData: await readConfigData(configFile, layout),
      config,
    }),
    tell([...missing, ...links, ...hidden, ...(runsPages ? [] : reactPages(root, reactPageFiles))]),
  );
  // Every part above keeps a value, so `read` has one; `empty` only satisfies the type.
  const empty = { files: [], assets: [], partials: [], staticFiles: [], configData: [], config: null };
  return { ...(valueOf(read) ?? empty), ...(reactPageList.length > 0 ? { reactPages: reactPageList } : {}), problems: problemsOf(read) };
}

/**
 * Every file of the static folders, at its path in the site (`static/img/a.png`
 * → `img/a.png`); the first folder in the configuration wins when two hold
 * the same path. Hidden files and symbolic links are left out, as in the content.
 */
async function readStatic(root: string, layout: Layout): Promise<Result<ReadonlyArray<AssetFile>>> {
  const byPath = new Map<string, string>();
  for (const folder of layout.static) {
    for (const e of await walk(root, folder)) {
      const rel = e.path.slice(folder.length + 1);
      if (!e.dirent.isFile() || rel.split('/').some((part) => part.startsWith('.')) || byPath.has(rel)) continue;
      byPath.set(rel, e.path);
    }
  }
  const entries = [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return inTurn(entries, ([site, rel]) => readOne(root, rel, (bytes, shown) => ok<AssetFile>({ path: site, display: shown, bytes: new Uint8Array(bytes) })));
}

/**
 * What the development server watches for a rebuild: the folders and files
 * the read edge reads (the areas, the static folders, the tags and authors
 * files, the configuration's folder and its sidebars files), never the whole
 * content root, which for a Docusaurus site holds node_modules/.
 */
export async function watchedPaths(contentRoot: string, configFile: string): Promise<string[]> {
  const root = path.resolve(contentRoot);
  const config = valueOf(await readConfig(configFile));
  const layout = layoutFromConfig(config);
  const configFolder = path.dirname(path.resolve(configFile));
  return [...new Set([
    ...[...contentFolders(layout), ...layout.static].map((folder) => path.join(root, folder)),
    ...registryFiles(layout).filter((file) => !outsideRoot(file)).map((file) => path.join(root, file)),
    configFolder,
    ...layout.docs.flatMap((a) => (a.sidebarPath ? [path.resolve(configFolder, a.sidebarPath)] : [])),
  ])];
}
