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
import { readStoreFile, readStoreFileSync, writeStore, type StoreFile } from './store-file.ts';
import { readMarkdownResult } from './compact-contents.ts';
import type { KeptPluggedTree, MarkdownResult, TreeSummary } from '../types.ts';
import type { Section, SectionTerms } from '../stages/search-index.ts';
import type { StoredYaml } from '../stages/parse/yaml.ts';
import type { JudgedSvgFile } from '../stages/svg-sanitize.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The stores and the file each is kept in. */
const files = { trees: 'trees.json', treeSummaries: 'tree-summaries.json', yaml: 'yaml.json', svg: 'svg.json', code: 'code.json', languages: 'languages.json', markdown: 'markdown.json', bodies: 'bodies.json', searchIndex: 'search-index.json', searchTerms: 'search-terms.json', searchSections: 'search-sections.json', pluginTrees: 'plugin-trees.json' } as const satisfies Record<keyof BuildCache, string>;

let key: string | null = null;

/** Set by bin/ontwikkelaarsportaal.mjs when it compiles the CLI: the folder of the compiled CLI. */
declare const COMPILED_CLI: string | undefined;

/** Where `compile` keeps `generatorKey` of the sources it compiled (bin/ontwikkelaarsportaal.mjs). */
export const generatorKeyFile = 'generator-key';

/**
 * Changes with every TypeScript file of the generator, and with the installed
 * dependencies. The theme counts too: the search index takes its options from
 * theme/shared/search-options.ts. The compiled CLI reads the key its
 * `compile` made from the same sources: reading and hashing them (2.6 MB) cost
 * every build 10 to 15 ms.
 */
export function generatorKey(): string {
  // The running generator cannot change under itself: read its sources once per process.
  if (key !== null) return key;
  if (typeof COMPILED_CLI === 'string') {
    try {
      const compiled = fs.readFileSync(path.join(COMPILED_CLI, generatorKeyFile), 'utf8');
      if (/^[0-9a-f]{16}$/.test(compiled)) return (key = compiled);
    } catch {
      // A CLI compiled without the file: the key is made below.
    }
  }
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

/** The file each store was read from: writing appends to it (pipeline/io/store-file.ts). */
const readFrom = new WeakMap<Store<unknown>, StoreFile<unknown>>();

async function readStore<V>(file: string, decode?: (parsed: unknown) => V, asBytes = false): Promise<Store<V>> {
  const read = await readStoreFile<V>(file, decode, asBytes);
  const store = new Store<V>(read);
  readFrom.set(store as Store<unknown>, read);
  return store;
}

/** A store read only when the build first asks it: a warm build that renders no page never does. */
const lazyStore = <V>(file: string): Store<V> => {
  const store: Store<V> = new Store(() => {
    const read = readStoreFileSync<V>(file);
    readFrom.set(store as Store<unknown>, read);
    return read;
  });
  return store;
};

/** The folder of this generator's cache inside `cacheDir`. */
export const buildCacheDir = (cacheDir: string): string => path.join(cacheDir, 'build', generatorKey());

export async function readBuildCache(cacheDir: string): Promise<BuildCache> {
  const dir = buildCacheDir(cacheDir);
  const [trees, treeSummaries, yaml, svg, markdown, searchIndex] = await Promise.all([
    // The trees as the file's bytes: a warm build reads only those a stage looks into (pipeline/stages/shared/stored-tree.ts).
    readStore<Root>(path.join(dir, files.trees), undefined, true),
    readStore<TreeSummary>(path.join(dir, files.treeSummaries)),
    readStore<StoredYaml>(path.join(dir, files.yaml)),
    readStore<JudgedSvgFile>(path.join(dir, files.svg)),
    // Each page's trees as their JSON until a stage asks for them (pipeline/io/compact-contents.ts).
    readStore<MarkdownResult>(path.join(dir, files.markdown), readMarkdownResult),
    readStore<string>(path.join(dir, files.searchIndex)),
  ]);
  return {
    trees, treeSummaries, yaml, svg, markdown, searchIndex,
    code: lazyStore<string>(path.join(dir, files.code)), languages: lazyStore<ReadonlyArray<string>>(path.join(dir, files.languages)),
    bodies: lazyStore<WrittenBody>(path.join(dir, files.bodies)),
    searchTerms: lazyStore<SectionTerms>(path.join(dir, files.searchTerms)),
    searchSections: lazyStore<ReadonlyArray<Section>>(path.join(dir, files.searchSections)),
    pluginTrees: lazyStore<KeptPluggedTree>(path.join(dir, files.pluginTrees)),
  };
}

/**
 * Lets go of a written store's values (`Store.release`), and of the file it
 * was read from: its lines keep the values a build parsed.
 */
export function releaseStore<V>(store: Store<V>): void {
  readFrom.delete(store as Store<unknown>);
  store.release();
}

/**
 * Writes the stores that changed (of `stores`; left out: all), each by
 * appending to its file or rewriting it (pipeline/io/store-file.ts), and
 * removes the caches of other generator versions. Failing to write only costs
 * the next build time, so errors are swallowed.
 */
export async function writeBuildCache(cacheDir: string, cache: BuildCache, stores?: ReadonlyArray<keyof BuildCache>): Promise<void> {
  const dir = buildCacheDir(cacheDir);
  try {
    await fsp.mkdir(dir, { recursive: true });
    for (const [name, file] of Object.entries(files) as Array<[keyof BuildCache, string]>) {
      const store: Store<unknown> = cache[name];
      if (!store.changed || (stores && !stores.includes(name))) continue;
      writeStore(path.join(dir, file), store, readFrom.get(store));
    }
    const parent = path.dirname(dir);
    for (const other of await fsp.readdir(parent)) {
      if (other !== path.basename(dir)) await fsp.rm(path.join(parent, other), { recursive: true, force: true });
    }
  } catch {
    // A read-only or full disk: the build itself succeeded.
  }
}
