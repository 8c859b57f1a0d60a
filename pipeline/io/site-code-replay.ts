/**
 * Effect edge: what the site's components made in the last build, kept so
 * that a build whose site code did not change starts no box. Reading which
 * components are islands, bundling them for the browser, and starting the
 * component box to load and render them takes 0.6 s or more of every build
 * of a Docusaurus site, most of a warm build (docs/performance.md).
 *
 * The record holds what pipeline/io/site-components.ts got from that work:
 * the islands found and their bundle, what loading gave (components, pages,
 * stylesheets, images, problems) and each answer of the box, by request. It
 * is used only when everything that work depended on is what it was:
 *
 * - the key: the options of the load (folders, React pages, route
 *   components, limits), what site code may read of the site (`siteConfig`,
 *   translations, the plugins' global data) and of the environment (the
 *   variables `siteCode.env` lets through, with their values), the islands' runtime, and the
 *   names of the code files under the content root, since a new file can
 *   change what an import resolves to; the record lies under the generator's
 *   key (pipeline/io/build-cache.ts);
 * - every file the bundles read (esbuild's metafile: the site's modules, its
 *   stylesheets and images, the packages from its node_modules), known by
 *   its stamp (pipeline/io/file-stamp.ts) or else by its hash.
 *
 * A request the record lacks (a page that gives a component other props, a
 * route with other data) starts the box then, for that request. What a
 * component reads while it renders besides its imports and the site's facts
 * (the clock, files it opens itself) is not in the key, as it is not in the
 * key of a page's reuse (pipeline/io/site-code-keys.ts). A load with errors
 * is not kept: a time limit hit on a busy machine is tried again next time.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { contentHash } from '../content-hash.ts';
import type { Problem } from '../problem.ts';
import type { OutputFile } from '../types.ts';
import { buildCacheDir } from './build-cache.ts';
import type { BoxAnswers, Loaded, Rendered, RenderedPage } from './component-box.ts';
import { isStamp, sameStamp, stampOf, trusted, type FileStamp } from './file-stamp.ts';
import type { Island, IslandBundle } from './island-bundle.ts';
import { resolveExtensions } from './site-code-resolve.ts';

/** The island components and whole-page islands the box wraps (`SiteComponentsOptions.islands`). */
export interface BoxIslands {
  readonly files: ReadonlyArray<readonly [string, string]>;
  readonly wholePages: ReadonlyArray<string>;
}

/** What a replayed load gives, as the work it stands for gave it. */
export interface Replay {
  readonly boxIslands: BoxIslands | undefined;
  readonly islands: IslandBundle;
  readonly loaded: Loaded;
  readonly answers: BoxAnswers;
}

/** The record as JSON: maps as entries, files as text or base64. */
interface RecordFile {
  readonly key: string;
  readonly inputs: ReadonlyArray<readonly [file: string, stamp: FileStamp, hash: string]>;
  readonly boxIslands: BoxIslands | null;
  readonly islands: {
    readonly islands: ReadonlyArray<readonly [string, Island]>;
    readonly pages: ReadonlyArray<readonly [string, Island]>;
    readonly routes: ReadonlyArray<readonly [string, Island]>;
    readonly loader: string | null;
    readonly files: ReadonlyArray<{ readonly path: string; readonly text?: string; readonly base64?: string }>;
    readonly problems: ReadonlyArray<Problem>;
  };
  readonly loaded: Omit<Loaded, 'sheets'> & { readonly sheets: ReadonlyArray<readonly [string, string]> };
  readonly answers: ReadonlyArray<readonly [string, Rendered | RenderedPage]>;
}

const recordFile = (cacheDir: string): string => path.join(buildCacheDir(cacheDir), 'site-code.json');

const hashOf = (data: string | Uint8Array): string => contentHash(data, 32);

/**
 * The key of a load: `what` (its options and the site's facts, as JSON) and
 * the names of the code files under the content root (see the module's comment).
 */
export function replayKey(content: string, what: unknown): string {
  const extensions = [...resolveExtensions, '.cjs', '.mts', '.cts'].map((e) => e.slice(1)).join(',');
  const names = fg.sync(`**/*.{${extensions}}`, {
    cwd: content, onlyFiles: true, dot: false, followSymbolicLinks: false, ignore: ['**/node_modules/**', 'build/**', 'dist/**'],
  }).sort();
  return hashOf(JSON.stringify([what, names]));
}

/** Whether each input still has the bytes it had: by its stamp when the record may trust it, else by its hash. */
function inputsUnchanged(inputs: RecordFile['inputs'], recordedNs: bigint): boolean {
  for (const [file, stamp, hash] of inputs) {
    try {
      const stat = fs.statSync(file, { bigint: true });
      if (!isStamp(stamp) || !sameStamp(stat, stamp) || !trusted(stamp, recordedNs)) {
        if (hashOf(fs.readFileSync(file)) !== hash) return false;
      }
    } catch {
      return false;
    }
  }
  return true;
}

/** The record of the last load under `key`, when every file it read is unchanged; null otherwise, or when there is none or it is damaged. */
export function readReplay(cacheDir: string, key: string): Replay | null {
  const file = recordFile(cacheDir);
  try {
    const text = fs.readFileSync(file, 'utf8');
    const record = JSON.parse(text) as RecordFile;
    if (record.key !== key || !Array.isArray(record.inputs)) return null;
    if (!inputsUnchanged(record.inputs, fs.statSync(file, { bigint: true }).mtimeNs)) return null;
    const { islands, loaded } = record;
    return {
      boxIslands: record.boxIslands ?? undefined,
      islands: {
        islands: new Map(islands.islands), pages: new Map(islands.pages), routes: new Map(islands.routes), loader: islands.loader, problems: islands.problems,
        files: islands.files.map((f): OutputFile => ({ path: f.path, data: f.text ?? Buffer.from(f.base64 ?? '', 'base64') })),
      },
      loaded: { ...loaded, sheets: new Map(loaded.sheets) },
      answers: new Map(record.answers),
    };
  } catch {
    return null;
  }
}

/**
 * The time a load starts, on the clock of file times: a file changed after
 * it may have been read before the change, so a load that read one is not
 * kept. The file system's clock lags by up to a tick; 20 ms covers it.
 */
export const loadStarted = (): bigint => (BigInt(Date.now()) - 20n) * 1_000_000n;

/**
 * Keeps what a load that began at `started` (`loadStarted`) gave under `key`,
 * with the stamp and hash of every file its bundles read; not when one of
 * them changed since. Never throws: without a record the next build does the work.
 */
export function saveReplay(cacheDir: string, key: string, replay: Replay, started: bigint): void {
  const file = recordFile(cacheDir);
  try {
    const inputs = [...new Set([...replay.loaded.inputs, ...replay.islands.inputs ?? []])].sort().map((input) => {
      const stamp = stampOf(fs.statSync(input, { bigint: true }));
      return [input, stamp, hashOf(fs.readFileSync(input))] as const;
    });
    if (inputs.some(([, stamp]) => BigInt(stamp[1]) >= started)) return;
    const { islands, loaded } = replay;
    const record: RecordFile = {
      key, inputs, boxIslands: replay.boxIslands ?? null,
      islands: {
        islands: [...islands.islands], pages: [...islands.pages], routes: [...islands.routes], loader: islands.loader, problems: islands.problems,
        files: islands.files.map((f) => (typeof f.data === 'string' ? { path: f.path, text: f.data } : { path: f.path, base64: Buffer.from(f.data).toString('base64') })),
      },
      loaded: { ...loaded, sheets: [...loaded.sheets] },
      answers: [...replay.answers],
    };
    const text = JSON.stringify(record);
    // A warm build with nothing changed writes nothing.
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch {
    // An input gone while the build ran, a full disk: no record.
  }
}
