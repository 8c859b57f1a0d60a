/**
 * Results of the per-file pure stages, kept between the rebuilds of `npm start`.
 * Each entry remembers every input its stage read and is used only when all
 * of them are equal, so a hit returns exactly what the stage would compute:
 * saving one article re-parses and re-renders that article only. A production
 * build has no memo.
 */
import type { Problem } from './problem.ts';
import type { Result } from './result.ts';
import type { Parsed, MarkdownResult } from './types.ts';
import type { Content } from './types.ts';
import type { Root } from 'mdast';
import type { EntryMemo, JudgedSvgFile, KeptPluggedTree, OutputFile, Section, SectionTerms, StoredYaml, ThemeAssets, TreeSummary } from './types.ts';
import { contentHash } from './content-hash.ts';

interface Entry<V> {
  /** The inputs, compared by value (strings compare fast, no hashing needed). */
  readonly inputs: ReadonlyArray<string | number>;
  readonly value: V;
}

/** One result per key (a file path); a stale entry is replaced, never accumulated. */
export class Memo<V> {
  private readonly entries = new Map<string, Entry<V>>();

  get(key: string, inputs: ReadonlyArray<string | number>, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit && this.has(key, inputs)) return hit.value;
    const value = compute();
    this.entries.set(key, { inputs, value });
    return value;
  }

  /** Whether `key` holds a value for exactly these `inputs`. */
  has(key: string, inputs: ReadonlyArray<string | number>): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && hit.inputs.length === inputs.length && hit.inputs.every((x, i) => x === inputs[i]);
  }

  /** Forget the keys of files that no longer exist. */
  keepOnly(keys: ReadonlySet<string>): void {
    for (const key of [...this.entries.keys()]) if (!keys.has(key)) this.entries.delete(key);
  }
}

export interface BuildMemo {
  readonly parsed: Memo<Result<ReadonlyArray<Parsed>>>;
  readonly markdown: Memo<MarkdownResult>;
  /** An SVG asset's judgment (pipeline/stages/svg-sanitize.ts), by its path and text. */
  readonly svg: Memo<JudgedSvgFile>;
  /**
   * Highlighted blocks and what shiki loads, as the build cache keeps them
   * (pipeline/io/highlight/stored.ts): a saved page highlights only its new
   * blocks. In memory only; a block edited away stays until the server stops.
   */
  readonly code: Store<string>;
  readonly languages: Store<ReadonlyArray<string>>;
  /** The configuration and data files' YAML as the build cache keeps it (pipeline/stages/parse/yaml.ts), in memory. */
  readonly yaml: Store<StoredYaml>;
  /** Each Markdown file's entry, by its parse result and the configuration (pipeline/stages/validate.ts). */
  readonly entries: EntryMemo;
  /** What the site's remark and rehype plugins made of each page, as the build cache keeps it (pipeline/schedule/markdown-plugins-ahead.ts), in memory. */
  readonly pluginTrees: Store<KeptPluggedTree>;
  /**
   * The theme's files as pipeline/io/theme.ts loaded them, until the CLI's
   * watcher sees a change outside the content (reading, hashing and the
   * client bundle's key cost each rebuild about 10 ms).
   */
  readonly theme: { loaded: Promise<LoadedTheme> | null };
}

export const createMemo = (): BuildMemo => ({ parsed: new Memo(), markdown: new Memo(), svg: new Memo(), code: new Store(), languages: new Store(), yaml: new Store(), entries: new WeakMap(), pluginTrees: new Store(), theme: { loaded: null } });

/** What pipeline/io/theme.ts loads: the theme's public paths and its files. */
export interface LoadedTheme {
  readonly theme: ThemeAssets;
  readonly files: OutputFile[];
}

/** What a store starts from: the entries an earlier build kept (a Map, or a file whose values are parsed when asked). */
export interface Earlier<V> {
  get(key: string): V | undefined;
  has(key: string): boolean;
  keys(): Iterable<string>;
  readonly size: number;
  /** The value of `key` as JSON, when the earlier build still has it as text (a store's file): handed on without parsing it. */
  jsonOf?(key: string): string | undefined;
}

/** An earlier entry kept without being asked: its value stays where it was until someone asks. */
const unread: unique symbol = Symbol('unread');

/** The key a store keeps `inputs` under: one formula for `keyOf` and `keyOnce`. */
const hashOf = (inputs: ReadonlyArray<string | number>): string => contentHash(JSON.stringify(inputs), 32);

/**
 * A value handed over as its JSON (a worker thread's result), kept that way:
 * parsed only when the build asks for it, and written to the cache as it is.
 * A section's search terms take a third of the memory of their objects.
 */
export class Json {
  constructor(private readonly json = '') {}

  /** The value's JSON (a value moved out of memory reads it back: pipeline/io/spill-file.ts). */
  get text(): string {
    return this.json;
  }

  /** The value as the build reads it: parsed from the text (a compact value keeps part of it at hand, pipeline/io/compact-contents.ts). */
  value(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * Stage results by a hash of every input they read, kept on disk between
 * builds (`.cache/build/`, read and written by pipeline/io/build-cache.ts).
 * Where the memo above serves the dev server's next rebuild, this serves the
 * next `npm run build`: a file whose text and context did not change is not
 * parsed or rendered again (docs/performance.md). A hit is exactly what the
 * stage would compute, since the key covers all inputs and the folder is
 * named after the generator's own sources.
 */
export class Store<V> {
  /** The entries this build keeps for the next one. */
  private readonly used = new Map<string, V | typeof unread | Json>();
  /** Those this build computed or was handed, rather than found. */
  private readonly madeHere = new Map<string, V | Json>();
  /** Keys are read-only arrays: the same array asked about again (a build's markdown jobs) is not hashed again. */
  private hashed = new WeakMap<ReadonlyArray<string | number>, string>();
  private computed = 0;
  private readLater = 0;
  private loaded: Earlier<V> | null;
  /** How each value made from now on is kept (`keepMadeAs`); none: as it is. */
  private keeper: { keep(value: V): Json } | null = null;

  /** `earlier` may be a function: a store that a build may not need is read when it is first asked. */
  constructor(private earlierSource: Earlier<V> | (() => Earlier<V>) = new Map()) {
    this.loaded = typeof earlierSource === 'function' ? null : earlierSource;
  }

  private get earlier(): Earlier<V> {
    return (this.loaded ??= (this.earlierSource as () => Earlier<V>)());
  }

  /** The value of `key` now or from the earlier build, without marking it used. */
  private known(key: string): V | undefined {
    const here = this.used.get(key);
    if (here instanceof Json) return here.value() as V;
    return here === undefined || here === unread ? this.earlier.get(key) : here;
  }

  /**
   * Hashes by a short head (up to two inputs) and the text that ends the inputs (a body, YAML):
   * parse-ahead and the stage each ask with an array of their own, and would
   * otherwise hash every body twice.
   */
  private readonly byText = new Map<string, Map<string | number, string>>();

  /** The key `inputs` are kept under: a hash of them. */
  keyOf(inputs: ReadonlyArray<string | number>): string {
    let key = this.hashed.get(inputs);
    if (key !== undefined) return key;
    if (inputs.length > 3) {
      this.hashed.set(inputs, key = hashOf(inputs));
      return key;
    }
    const head = JSON.stringify(inputs.slice(0, -1));
    const last = inputs[inputs.length - 1] ?? '';
    let texts = this.byText.get(head);
    if (!texts) this.byText.set(head, texts = new Map());
    key = texts.get(last);
    if (key === undefined) texts.set(last, key = hashOf(inputs));
    this.hashed.set(inputs, key);
    return key;
  }

  /** `keyOf` of inputs asked about once: neither the inputs nor their texts are remembered (and held) for the build. */
  keyOnce(inputs: ReadonlyArray<string | number>): string {
    return this.hashed.get(inputs) ?? hashOf(inputs);
  }

  /** Whether the store has a value under `key`, now or from the earlier build; `has` by key. */
  knows(key: string): boolean {
    return this.used.has(key) || this.earlier.has(key);
  }

  /** The value kept under `key` (from `keyOf`, or a key made of such keys), now or by an earlier build. */
  find(key: string): V | undefined {
    const known = this.known(key);
    if (known !== undefined) this.markUsed(key, known);
    return known;
  }

  /**
   * The JSON of the value kept under `key`, now or by an earlier build,
   * parsed and made again only when nobody kept its text: a worker thread is
   * handed cached values this way (pipeline/io/search-index.ts). Marks it used.
   */
  jsonOf(key: string): string | undefined {
    const here = this.used.get(key);
    if (here instanceof Json) return here.text;
    if (here === undefined || here === unread) {
      const text = this.earlier.jsonOf?.(key);
      if (text !== undefined) {
        this.touch(key);
        return text;
      }
    }
    const value = this.find(key);
    return value === undefined ? undefined : JSON.stringify(value);
  }

  /** Keeps `key` for the next build with the value it was found with; one kept as JSON stays JSON (see `Json`). */
  private markUsed(key: string, value: V): void {
    if (!(this.used.get(key) instanceof Json)) this.used.set(key, value);
  }

  /** Keeps `value` under `key` for this build and the next. */
  put(key: string, value: V): void {
    const kept = this.keeper ? this.keeper.keep(value) : value;
    this.used.set(key, kept);
    this.madeHere.set(key, kept);
    this.computed++;
  }

  /**
   * From now on every value this build makes is kept as `keep` turns it
   * into, and read back as that gives it: the markdown store keeps each
   * result to be written in its own form, and a large site's markdown goes
   * to a spill file as each page's is made (pipeline/io/compact-contents.ts).
   */
  keepMadeAs(keep: (value: V) => Json): void {
    this.keeper = { keep };
  }

  /**
   * `keepMadeAs`, with the values made so far kept that way too: a large
   * build moves the trees it parsed to its spill file once it is done with
   * them (pipeline/io/spilled-trees.ts).
   */
  keepAllMadeAs(keep: (value: V) => Json): void {
    this.keepMadeAs(keep);
    for (const [key, value] of this.madeHere) {
      if (value instanceof Json) continue;
      const kept = keep(value);
      this.madeHere.set(key, kept);
      this.used.set(key, kept);
    }
  }

  /** `put` with the value as its JSON: it stays text until someone asks (see `Json`). */
  putJson(key: string, json: string | Json): void {
    const kept = typeof json === 'string' ? new Json(json) : json;
    this.used.set(key, kept);
    this.madeHere.set(key, kept);
    this.computed++;
  }

  /** Keeps the entry of `key` for the next build without reading its value; false when there is none. */
  touch(key: string): boolean {
    if (this.used.has(key)) return true;
    if (!this.earlier.has(key)) return false;
    this.used.set(key, unread);
    return true;
  }

  /**
   * Keeps the earlier entries whose key `wanted` accepts, though this build
   * did not ask for them (the pages that show them came from the previous
   * output), without reading their values. Nothing to do when the store was
   * never read.
   */
  keepEarlier(wanted: (key: string) => boolean): void {
    if (this.loaded === null) return;
    for (const key of this.loaded.keys()) if (!this.used.has(key) && wanted(key)) this.used.set(key, unread);
  }

  has(inputs: ReadonlyArray<string | number>): boolean {
    return this.knows(this.keyOf(inputs));
  }

  /**
   * An earlier build's value under `inputs` that nobody read yet, as a
   * function that parses it from the JSON the store read: kept for the next
   * build now, as that JSON, and parsed only when called, also after the
   * store let go of its values (`release`). Undefined when the value is at
   * hand or the store has none, or did not read it as JSON: `get` gives it.
   * Only for a store whose values are their JSON as it is (the tree store). A
   * JSON that does not parse (a damaged file) gives what `compute` makes.
   */
  later(inputs: ReadonlyArray<string | number>, compute: () => V): (() => V) | undefined {
    const key = this.keyOf(inputs);
    const here = this.used.get(key);
    const earlier = this.earlier;
    if ((here !== undefined && here !== unread) || !earlier.jsonOf || !this.touch(key)) return undefined;
    return () => {
      this.readLater++;
      try {
        return JSON.parse(earlier.jsonOf!(key)!) as V;
      } catch {
        return compute();
      }
    };
  }

  get(inputs: ReadonlyArray<string | number>, compute: () => V): V {
    const key = this.keyOf(inputs);
    const known = this.known(key);
    if (known !== undefined) {
      this.markUsed(key, known);
      return known;
    }
    const value = compute();
    this.put(key, value);
    // A value kept in another form is handed out as the store will give it from now on.
    return this.keeper ? this.known(key)! : value;
  }

  /** The keys this build keeps for the next build: those it asked for, made or kept (the rest would only grow the cache). */
  keys(): IterableIterator<string> {
    return this.used.keys();
  }

  /** Whether `keys()` gives `key`. */
  keeps(key: string): boolean {
    return this.used.has(key);
  }

  /** How many entries the earlier build left (reads a store not read yet). */
  get earlierSize(): number {
    return this.earlier.size;
  }

  /** How many keys `keys()` gives. */
  get size(): number {
    return this.used.size;
  }

  /** The entries of `keys()` this build computed or was handed: those the cache on disk does not have. */
  made(): ReadonlyMap<string, V | Json> {
    return this.madeHere;
  }

  /** The entries of `keys()` with their values (an earlier value is read here if nobody asked for it yet). */
  entries(): ReadonlyMap<string, V> {
    const entries = new Map<string, V>();
    for (const key of this.used.keys()) {
      const value = this.known(key);
      if (value !== undefined) entries.set(key, value);
    }
    return entries;
  }

  /** Whether writing `keys()` back would change the cache on disk. */
  get changed(): boolean {
    // A store never read was never asked: the one on disk stays.
    if (this.loaded === null) return false;
    return this.computed > 0 || this.used.size !== this.earlier.size;
  }

  /**
   * Lets go of every value, once they are written (`changed` is then false):
   * a build drops a store this way when its stages are done with it, so that
   * its values are not held until the end.
   */
  release(): void {
    this.used.clear();
    this.madeHere.clear();
    // The texts the keys were hashed from (every body, for the tree store) go too.
    this.byText.clear();
    this.hashed = new WeakMap();
    this.loaded = this.earlierSource = new Map();
    this.computed = 0;
    this.keeper = null;
  }

  /** How many results this build computed rather than found. */
  get misses(): number {
    return this.computed;
  }

  /** How many values `later` gave were read after all. */
  get readsLater(): number {
    return this.readLater;
  }
}

/** A page body's HTML as the renderer wrote it, with the images React preloads for it (renderer/markdown.tsx). */
export interface WrittenBody {
  readonly html: string;
  readonly preloads: ReadonlyArray<{ readonly src: string; readonly fetchPriority: 'high' | 'auto' | null }>;
}

/** What a production build keeps on disk: parsed Markdown, highlighted code, rendered Markdown, written bodies and the search index. */
export interface BuildCache {
  readonly trees: Store<Root>;
  /** What the stages ask of each tree, under the tree's key (pipeline/stages/shared/stored-tree.ts). */
  readonly treeSummaries: Store<TreeSummary>;
  /** Front matter and data files read without a problem: their data and where each key is (pipeline/stages/parse/yaml.ts). */
  readonly yaml: Store<StoredYaml>;
  /** SVG assets judged (pipeline/stages/svg-sanitize.ts), by their text. */
  readonly svg: Store<JudgedSvgFile>;
  /** Highlighted blocks as JSON, and what shiki loads for a set of languages (pipeline/io/highlight/stored.ts). */
  readonly code: Store<string>;
  readonly languages: Store<ReadonlyArray<string>>;
  readonly markdown: Store<MarkdownResult>;
  readonly bodies: Store<WrittenBody>;
  readonly searchIndex: Store<string>;
  /** The terms of each search section, by its indexed fields (pipeline/io/search-index.ts). */
  readonly searchTerms: Store<SectionTerms>;
  /** The search sections of each page, by the page's facts and its markdown's key (the schedule's `keptSections`). */
  readonly searchSections: Store<ReadonlyArray<Section>>;
  /** What the site's remark and rehype plugins made at each step of each page (pipeline/schedule/markdown-plugins-ahead.ts). */
  readonly pluginTrees: Store<KeptPluggedTree>;
}

export const emptyBuildCache = (): BuildCache => ({ trees: new Store(), treeSummaries: new Store(), yaml: new Store(), svg: new Store(), code: new Store(), languages: new Store(), markdown: new Store(), bodies: new Store(), searchIndex: new Store(), searchTerms: new Store(), searchSections: new Store(), pluginTrees: new Store() });
