/**
 * The input edge: the only module that reads the disk. Everything after it
 * works on the `SourceTree` value it returns.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { error, startOfFile, type Problem } from '../problem.ts';

export interface SourceFile {
  /** Path inside the content root, with forward slashes: `kennisbank/apis/index.md`. */
  readonly path: string;
  /** Path as shown in messages, relative to the working directory: `content/kennisbank/apis/index.md`. */
  readonly display: string;
  readonly text: string;
}

export interface AssetFile {
  readonly path: string;
  readonly display: string;
  readonly bytes: Uint8Array;
}

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
  const entries = stat?.isDirectory()
    ? await fg('**/*', { cwd: root, dot: false, onlyFiles: true, followSymbolicLinks: false }).catch(() => [])
    : [];
  entries.sort();

  const files: SourceFile[] = [];
  const assets: AssetFile[] = [];
  for (const rel of entries) {
    const abs = path.join(root, rel);
    const shown = display(abs);
    if (textExtensions.test(rel)) {
      try {
        files.push({ path: rel, display: shown, text: await fs.readFile(abs, 'utf8') });
      } catch (e) {
        problems.push(error('file-unreadable', shown, startOfFile, `Het bestand kan niet worden gelezen (${describe(e)}). Controleer de rechten op het bestand.`));
      }
    } else if (assetExtensions.test(rel)) {
      try {
        assets.push({ path: rel, display: shown, bytes: new Uint8Array(await fs.readFile(abs)) });
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
