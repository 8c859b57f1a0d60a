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
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((x, i) => x === inputs[i])) return hit.value;
    const value = compute();
    this.entries.set(key, { inputs, value });
    return value;
  }

  /** Forget the keys of files that no longer exist. */
  keepOnly(keys: ReadonlySet<string>): void {
    for (const key of [...this.entries.keys()]) if (!keys.has(key)) this.entries.delete(key);
  }
}

export interface BuildMemo {
  readonly parsed: Memo<Result<ReadonlyArray<Parsed>>>;
  readonly markdown: Memo<MarkdownResult>;
}

export const createMemo = (): BuildMemo => ({ parsed: new Memo(), markdown: new Memo() });

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
  private readonly used = new Map<string, V>();
  /** Keys are read-only arrays: the same array asked about again (a build's markdown jobs) is not hashed again. */
  private readonly hashed = new WeakMap<ReadonlyArray<string | number>, string>();
  private computed = 0;
  private loaded: ReadonlyMap<string, V> | null;

  /** `earlier` may be a function: a store that a build may not need is read when it is first asked. */
  constructor(private earlierSource: ReadonlyMap<string, V> | (() => ReadonlyMap<string, V>) = new Map()) {
    this.loaded = typeof earlierSource === 'function' ? null : earlierSource;
  }

  private get earlier(): ReadonlyMap<string, V> {
    return (this.loaded ??= (this.earlierSource as () => ReadonlyMap<string, V>)());
  }

  /** The key `inputs` are kept under: a hash of them. */
  keyOf(inputs: ReadonlyArray<string | number>): string {
    let key = this.hashed.get(inputs);
    if (key === undefined) this.hashed.set(inputs, key = contentHash(JSON.stringify(inputs), 32));
    return key;
  }

  /** The value kept under `key` (from `keyOf`, or a key made of such keys), now or by an earlier build. */
  find(key: string): V | undefined {
    const known = this.used.get(key) ?? this.earlier.get(key);
    if (known !== undefined) this.used.set(key, known);
    return known;
  }

  /** Keeps `value` under `key` for this build and the next. */
  put(key: string, value: V): void {
    this.used.set(key, value);
    this.computed++;
  }

  /**
   * Keeps the earlier entries whose key `wanted` accepts, though this build
   * did not ask for them (the pages that show them came from the previous
   * output). Nothing to do when the store was never read.
   */
  keepEarlier(wanted: (key: string) => boolean): void {
    if (this.loaded === null) return;
    for (const [key, value] of this.loaded) if (!this.used.has(key) && wanted(key)) this.used.set(key, value);
  }

  has(inputs: ReadonlyArray<string | number>): boolean {
    const key = this.keyOf(inputs);
    return this.used.has(key) || this.earlier.has(key);
  }

  get(inputs: ReadonlyArray<string | number>, compute: () => V): V {
    const key = this.keyOf(inputs);
    const known = this.used.get(key) ?? this.earlier.get(key);
    if (known !== undefined) {
      this.used.set(key, known);
      return known;
    }
    const value = compute();
    this.used.set(key, value);
    this.computed++;
    return value;
  }

  /** The entries this build asked for: the next build's store (the rest would only grow the cache). */
  entries(): ReadonlyMap<string, V> {
    return this.used;
  }

  /** Whether writing `entries()` back would change the cache on disk. */
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
    this.loaded = this.earlierSource = new Map();
    this.computed = 0;
  }

  /** How many results this build computed rather than found. */
  get misses(): number {
    return this.computed;
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
  /** Highlighted blocks as JSON, and what shiki loads for a set of languages (pipeline/io/highlight/stored.ts). */
  readonly code: Store<string>;
  readonly languages: Store<ReadonlyArray<string>>;
  readonly markdown: Store<MarkdownResult>;
  readonly bodies: Store<WrittenBody>;
  readonly searchIndex: Store<string>;
}

export const emptyBuildCache = (): BuildCache => ({ trees: new Store(), code: new Store(), languages: new Store(), markdown: new Store(), bodies: new Store(), searchIndex: new Store() });
