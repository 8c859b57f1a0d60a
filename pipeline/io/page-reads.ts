/**
 * Which pages' markdown each page read while it rendered: what decides
 * whether a page of the previous build may be used again when some page's
 * markdown changed (pipeline/io/page-reuse.ts).
 *
 * A page renders from its context: the site (titles, permalinks, sidebars,
 * tags, front matter, configuration: the site-wide key covers all of it),
 * the theme, and the markdown of pages (`contents`), which it reads by
 * permalink: its own body, a list's excerpts, a post's word count. The view
 * of `contents` given here writes down every permalink asked for; a page
 * that walks all of them reads all. What the render memo keeps for the
 * pages (a footer, lookups) counts for every page that takes it: the
 * permalinks read while a value was made are added to each page that gets
 * it. (A value kept in the memo is made from the site, or reads markdown only
 * while it is made.)
 *
 * Rendering is a function of its inputs: a page whose every read gives the
 * same value renders the same bytes.
 */
import type { MemoSlot, RenderMemo } from '../../renderer/context.ts';

/** Every permalink: the page walked the whole of `contents`. */
export const allPages = '*';

export class PageReads {
  /** The reads of the page being rendered and of the memo values being made in it, innermost last. */
  private readonly frames: Array<Set<string>> = [];
  private readonly slots = new Map<MemoSlot<unknown>, { value: unknown; reads: ReadonlySet<string> }>();

  private read(permalink: string): void {
    for (const frame of this.frames) frame.add(permalink);
  }

  private readAll(reads: Iterable<string>): void {
    for (const permalink of reads) this.read(permalink);
  }

  /** `render`'s value and the permalinks it read. */
  during<T>(render: () => T): { value: T; reads: ReadonlySet<string> } {
    const reads = new Set<string>();
    this.frames.push(reads);
    try {
      return { value: render(), reads };
    } finally {
      this.frames.pop();
    }
  }

  /** `contents` as the pages see it, every read written down. */
  contents<C>(contents: ReadonlyMap<string, C>): ReadonlyMap<string, C> {
    const all = (): ReadonlyMap<string, C> => {
      this.read(allPages);
      return contents;
    };
    return {
      get: (permalink: string) => (this.read(permalink), contents.get(permalink)),
      has: (permalink: string) => (this.read(permalink), contents.has(permalink)),
      get size() { return all().size; },
      forEach: (callback, thisArg) => all().forEach(callback, thisArg),
      entries: () => all().entries(),
      keys: () => all().keys(),
      values: () => all().values(),
      [Symbol.iterator]: () => all()[Symbol.iterator](),
    };
  }

  /** A render memo whose values carry the reads made while they were made. */
  memo(): RenderMemo {
    return {
      get: <T>(slot: MemoSlot<T>, make: () => T): T => {
        let kept = this.slots.get(slot);
        if (!kept) {
          const made = this.during(make);
          kept = { value: made.value, reads: made.reads };
          this.slots.set(slot, kept);
        }
        this.readAll(kept.reads);
        return kept.value as T;
      },
    };
  }
}
