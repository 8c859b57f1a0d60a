/**
 * The input edge: the only module that reads the disk. Everything after it
 * works on the `SourceTree` value it returns.
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { pipe } from 'fp-ts/function';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { all, collect, failed, map, ok, problemsOf, tell, valueOf, withProblems, type Result } from '../result.ts';
import { decodedText } from './decoded-text.ts';

import type { AssetFile, SourceFile, SourceTree } from '../types.ts';

export type { AssetFile, SourceFile, SourceTree } from '../types.ts';

const textExtensions = /\.(md|mdx|ya?ml|json)$/i;
export const assetExtensions = /\.(svg|png|jpe?g|gif|webp|avif|ico|pdf)$/i;

const display = (abs: string): string => path.relative(process.cwd(), abs).split(path.sep).join('/') || '.';

const describe = (e: unknown): string => (e instanceof Error && 'code' in e ? String(e.code) : String(e));

/** Reads a file, refusing (ELOOP) when it was swapped for a symbolic link after the walk. */
async function readNoFollow(abs: string): Promise<Buffer> {
  const handle = await fs.open(abs, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
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
    // A configuration that is no text is no configuration: null, with the reason, as when it cannot be read.
    const decoded = decodedText(await fs.readFile(configAbs), shown);
    const text = valueOf(decoded);
    return withProblems(text === null ? null : { path: path.basename(configAbs), display: shown, text }, problemsOf(decoded));
  } catch (e) {
    return withProblems(null, [error('config-invalid', display(configAbs), startOfFile, `De siteconfiguratie kan niet worden gelezen (${describe(e)}). Zet een geldig ${path.basename(configAbs)} in dist-config/.`)]);
  }
}

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

/**
 * Reads the content tree and the site configuration. Never throws: failures
 * become problems. The tree carries them in its `problems` field rather than
 * being a `Result`, because there always is a tree (an unreadable file drops
 * out, a missing folder reads as empty) and `analyse` takes trees made in
 * memory, by the tests, in the same shape.
 */
export async function readSources(contentRoot: string, configFile: string): Promise<SourceTree> {
  const root = path.resolve(contentRoot);
  const stat = await fs.stat(root).catch(() => null);
  const missing = stat?.isDirectory() ? [] : [error('content-missing', display(root), startOfFile,
    `De contentmap bestaat niet. Maak de map aan of geef een andere map op met --content MAP.`)];
  // One walk that never follows a symbolic link (a loop, or a way out of the content root):
  // regular files are read, links are reported and skipped, anything else (a pipe, a socket) is left alone.
  // Hidden names (`.x`) are skipped; `**/.*` finds them in visible folders only, to say so of Markdown files.
  const found = stat?.isDirectory()
    ? await fg(['**/*', '**/.*'], { cwd: root, dot: false, onlyFiles: false, followSymbolicLinks: false, objectMode: true }).catch(() => [])
    : [];
  const walked = found.filter((e) => !e.name.startsWith('.'));
  const entries = walked.filter((e) => e.dirent.isFile()).map((e) => e.path).sort();
  const links = walked.filter((e) => e.dirent.isSymbolicLink()).map((e) => e.path).sort().map((link) =>
    warning('symlink-ignored', display(path.join(root, link)), startOfFile,
      'Dit is een symbolische link; de build volgt geen links en leest alleen echte bestanden binnen de contentmap. Zet het bestand zelf in content/.'));
  const hidden = found.filter((e) => e.name.startsWith('.') && e.dirent.isFile() && /\.mdx?$/i.test(e.name)).map((e) => e.path).sort()
    .map((rel) => hiddenPage(display(path.join(root, rel)), path.basename(rel)));

  const read = pipe(
    all({
      files: await inTurn(entries.filter((rel) => textExtensions.test(rel)), (rel) =>
        readOne(root, rel, (bytes, shown) => pipe(decodedText(bytes, shown), map((text): SourceFile => ({ path: rel, display: shown, text }))))),
      assets: await inTurn(entries.filter((rel) => !textExtensions.test(rel) && assetExtensions.test(rel)), (rel) =>
        readOne(root, rel, (bytes, shown) => ok<AssetFile>({ path: rel, display: shown, bytes: new Uint8Array(bytes) }))),
      config: await readConfig(configFile),
    }),
    tell([...missing, ...links, ...hidden]),
  );
  // Every part above keeps a value, so `read` has one; `empty` only satisfies the type.
  const empty = { files: [], assets: [], config: null };
  return { ...(valueOf(read) ?? empty), problems: problemsOf(read) };
}
