/**
 * Effect edge: the build cache on disk (`.cache/build/<generator>/`), so a
 * second `npm run build` does not parse and render unchanged Markdown again
 * (a warm build has a budget of 2 s). The pure stages only see `Store` objects
 * (pipeline/memo.ts); this module fills them before the build and writes back
 * what the build used after it.
 *
 * The folder is named after a hash of the generator's own sources and the
 * lockfile: a change to the pipeline, renderer, theme code or a dependency starts from
 * an empty cache instead of trusting results an older generator made. A file
 * that cannot be read or parsed counts as empty; the cache can never make a
 * build fail or differ.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../content-hash.ts';
import type { Root } from 'mdast';
import { Store, type BuildCache, type WrittenBody } from '../memo.ts';
import type { MarkdownResult } from '../types.ts';
import type { StoredYaml } from '../stages/parse/yaml.ts';
import type { JudgedSvgFile } from '../stages/svg-sanitize.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The stores and the file each is kept in. */
const files = { trees: 'trees.json', yaml: 'yaml.json', svg: 'svg.json', code: 'code.json', languages: 'languages.json', markdown: 'markdown.json', bodies: 'bodies.json', searchIndex: 'search-index.json' } as const satisfies Record<keyof BuildCache, string>;

let key: string | null = null;

/**
 * Changes with every TypeScript file of the generator, and with the installed
 * dependencies. The theme counts too: the search index takes its options from
 * theme/shared/search-options.ts.
 */
export function generatorKey(): string {
  // The running generator cannot change under itself: read its sources once per process.
  if (key !== null) return key;
  const parts: string[] = [];
  for (const dir of ['pipeline', 'renderer', 'theme']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.(ts|tsx|json)$/.test(file)) continue;
      parts.push(`${dir}/${file}`, fs.readFileSync(path.join(root, dir, file), 'utf8'));
    }
  }
  parts.push(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  key = contentHash(parts.join('\0'), 16);
  return key;
}

/** The entries of a store's file; none when it is missing or damaged (an interrupted write). */
const storeEntries = <V>(text: () => string): ReadonlyMap<string, V> => {
  try {
    const data: unknown = JSON.parse(text());
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return new Map(Object.entries(data as Record<string, V>));
  } catch {
    // Start empty.
  }
  return new Map();
};

async function readStore<V>(file: string): Promise<Store<V>> {
  let text = '';
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch {
    // Missing: start empty.
  }
  return new Store(storeEntries<V>(() => text));
}

/** A store read only when the build first asks it: a warm build that renders no page never does. */
const lazyStore = <V>(file: string): Store<V> => new Store(() => storeEntries<V>(() => fs.readFileSync(file, 'utf8')));

/** The folder of this generator's cache inside `cacheDir`. */
export const buildCacheDir = (cacheDir: string): string => path.join(cacheDir, 'build', generatorKey());

export async function readBuildCache(cacheDir: string): Promise<BuildCache> {
  const dir = buildCacheDir(cacheDir);
  const [trees, yaml, svg, markdown, searchIndex] = await Promise.all([
    readStore<Root>(path.join(dir, files.trees)),
    readStore<StoredYaml>(path.join(dir, files.yaml)),
    readStore<JudgedSvgFile>(path.join(dir, files.svg)),
    readStore<MarkdownResult>(path.join(dir, files.markdown)),
    readStore<string>(path.join(dir, files.searchIndex)),
  ]);
  return {
    trees, yaml, svg, markdown, searchIndex,
    code: lazyStore<string>(path.join(dir, files.code)), languages: lazyStore<ReadonlyArray<string>>(path.join(dir, files.languages)),
    bodies: lazyStore<WrittenBody>(path.join(dir, files.bodies)),
  };
}

/**
 * A JSON object written one entry at a time: at 10× content the whole store as
 * one string would add about 250 MB to the build's peak memory.
 */
function* jsonObjectChunks(entries: ReadonlyMap<string, unknown>): Generator<string> {
  let first = true;
  yield '{';
  for (const [key, value] of entries) {
    yield `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
    first = false;
  }
  yield '}';
}

/**
 * Writes `chunks` into `file` in writes of about a megabyte, synchronously:
 * handing fs.promises one chunk per entry cost 30 to 50 ms more for the 9 MB
 * of the site's cache, each write a trip through libuv's threadpool.
 */
function writeChunks(file: string, chunks: Iterable<string>): void {
  const fd = fs.openSync(file, 'w');
  try {
    let batch: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      batch.push(chunk);
      size += chunk.length;
      if (size < 2 ** 20) continue;
      fs.writeFileSync(fd, batch.join(''));
      batch = [];
      size = 0;
    }
    fs.writeFileSync(fd, batch.join(''));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes the stores that changed (of `stores`; left out: all), each to a
 * temporary file renamed into place, and removes the caches of other
 * generator versions. Failing to write only costs the next build time, so
 * errors are swallowed.
 */
export async function writeBuildCache(cacheDir: string, cache: BuildCache, stores?: ReadonlyArray<keyof BuildCache>): Promise<void> {
  const dir = buildCacheDir(cacheDir);
  try {
    await fsp.mkdir(dir, { recursive: true });
    for (const [name, file] of Object.entries(files) as Array<[keyof BuildCache, string]>) {
      const store: Store<unknown> = cache[name];
      if (!store.changed || (stores && !stores.includes(name))) continue;
      const target = path.join(dir, file);
      const tmp = `${target}.${process.pid}.tmp`;
      writeChunks(tmp, jsonObjectChunks(store.entries()));
      await fsp.rename(tmp, target);
    }
    const parent = path.dirname(dir);
    for (const other of await fsp.readdir(parent)) {
      if (other !== path.basename(dir)) await fsp.rm(path.join(parent, other), { recursive: true, force: true });
    }
  } catch {
    // A read-only or full disk: the build itself succeeded.
  }
}
