/**
 * The input edge: the only module that reads the disk. Everything after it
 * works on the `SourceTree` value it returns.
 */
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { error, startOfFile, warning, type Problem } from '../problem.ts';

import type { AssetFile, SourceFile } from '../types.ts';

export type { AssetFile, SourceFile } from '../types.ts';

export interface SourceTree {
  readonly files: ReadonlyArray<SourceFile>;
  readonly assets: ReadonlyArray<AssetFile>;
  readonly config: SourceFile | null;
  readonly problems: ReadonlyArray<Problem>;
}

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

/** Reads the content tree and the site configuration. Never throws: failures become problems. */
export async function readSources(contentRoot: string, configFile: string): Promise<SourceTree> {
  const problems: Problem[] = [];
  const root = path.resolve(contentRoot);
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) {
    problems.push(
      error('content-missing', display(root), startOfFile,
        `De contentmap bestaat niet. Maak de map aan of geef een andere map op met --content MAP.`),
    );
  }
  // One walk that never follows a symbolic link (a loop, or a way out of the content root):
  // regular files are read, links are reported and skipped, anything else (a pipe, a socket) is left alone.
  const walked = stat?.isDirectory()
    ? await fg('**/*', { cwd: root, dot: false, onlyFiles: false, followSymbolicLinks: false, objectMode: true }).catch(() => [])
    : [];
  const entries = walked.filter((e) => e.dirent.isFile()).map((e) => e.path).sort();
  for (const link of walked.filter((e) => e.dirent.isSymbolicLink()).map((e) => e.path).sort()) {
    problems.push(warning('symlink-ignored', display(path.join(root, link)), startOfFile,
      'Dit is een symbolische link; de build volgt geen links en leest alleen echte bestanden binnen de contentmap. Zet het bestand zelf in content/.'));
  }

  const files: SourceFile[] = [];
  const assets: AssetFile[] = [];
  for (const rel of entries) {
    const abs = path.join(root, rel);
    const shown = display(abs);
    if (textExtensions.test(rel)) {
      try {
        files.push({ path: rel, display: shown, text: (await readNoFollow(abs)).toString('utf8') });
      } catch (e) {
        problems.push(error('file-unreadable', shown, startOfFile, `Het bestand kan niet worden gelezen (${describe(e)}). Controleer de rechten op het bestand.`));
      }
    } else if (assetExtensions.test(rel)) {
      try {
        assets.push({ path: rel, display: shown, bytes: new Uint8Array(await readNoFollow(abs)) });
      } catch (e) {
        problems.push(error('file-unreadable', shown, startOfFile, `Het bestand kan niet worden gelezen (${describe(e)}). Controleer de rechten op het bestand.`));
      }
    }
  }

  let config: SourceFile | null = null;
  const configAbs = path.resolve(configFile);
  try {
    config = { path: path.basename(configAbs), display: display(configAbs), text: await fs.readFile(configAbs, 'utf8') };
  } catch (e) {
    problems.push(error('config-invalid', display(configAbs), startOfFile, `De siteconfiguratie kan niet worden gelezen (${describe(e)}). Zet een geldig ${path.basename(configAbs)} in dist-config/.`));
  }
  return { files, assets, config, problems };
}
