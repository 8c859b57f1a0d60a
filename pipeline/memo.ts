/**
 * Results of the per-file pure stages, kept between the rebuilds of `npm start`.
 * Each entry remembers every input its stage read and is used only when all
 * of them are equal, so a hit returns exactly what the stage would compute:
 * saving one article re-parses and re-renders that article only. A production
 * build has no memo.
 */
import type { Problem } from './problem.ts';
import type { Parsed } from './parse.ts';
import type { Content } from './markdown.ts';

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
  readonly parsed: Memo<{ readonly parsed: ReadonlyArray<Parsed>; readonly problems: ReadonlyArray<Problem> }>;
  readonly markdown: Memo<{ readonly content: Content; readonly problems: ReadonlyArray<Problem> }>;
}

export const createMemo = (): BuildMemo => ({ parsed: new Memo(), markdown: new Memo() });
