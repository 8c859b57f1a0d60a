/**
 * Page bodies written by an earlier build, kept in the build cache (the
 * `bodies` store) so that a build which renders a page again does not run
 * the body through hast-util-to-jsx-runtime and the writer when its markdown
 * did not change.
 *
 * A body is the markdown job's result (its tree), so it is kept under the
 * job's key, which covers every input of that tree, plus which part of the
 * result it is (body or excerpt) and what else its writing read (the
 * `variant` the renderer gives: the site's hosts, whether the page has
 * cards). The theme's code is in the cache folder's name. A body that shows
 * the page's cards (other pages' titles and descriptions) or holds a React
 * component is never kept (renderer/markdown.tsx), and a site with its own
 * components gets no kept bodies at all: their code is covered by no key.
 */
import type { Root } from 'hast';
import { contentHash } from '../content-hash.ts';
import type { Store, WrittenBody } from '../memo.ts';
import type { SpillFile } from './spill-file.ts';
import { CompactContent, treeOrigin } from './compact-contents.ts';
import type { MarkdownJobs } from '../stages/site-markdown.ts';
import type { Content } from '../types.ts';
import type { WrittenBodies } from '../../renderer/context.ts';

export class WrittenBodyStore implements WrittenBodies {
  /** Each tree of this build's markdown → the key of what it was made of. */
  private readonly trees = new Map<Root, string>();
  /** The same for a page whose trees are read back from a spill file (pipeline/io/compact-contents.ts): by its content. */
  private readonly compact = new Map<CompactContent, string>();
  private readonly variants = new Map<string, string>();
  /** Bodies this build wrote itself, because no build had written them under the same key. */
  written = 0;

  /**
   * The store for `contents`, the markdown of `made`'s jobs; `jobKey` gives
   * the key a job's markdown is cached under. With `spill`, the bodies this
   * build writes wait for the cache's write in that file, not in memory.
   */
  constructor(private readonly store: Store<WrittenBody>, made: MarkdownJobs, contents: ReadonlyMap<string, Content>, jobKey: (key: ReadonlyArray<string | number>) => string, private readonly spill: SpillFile | null = null) {
    for (const job of made.jobs) {
      const content = contents.get(job.entry.permalink);
      if (!content) continue;
      const key = jobKey(job.key);
      if (content instanceof CompactContent) {
        this.compact.set(content, key);
        continue;
      }
      this.trees.set(content.body, `${key}b`);
      if (content.excerpt) this.trees.set(content.excerpt, `${key}e`);
    }
  }

  /** What `tree` was made of: its page's key and part. */
  private madeOf(tree: Root): string | undefined {
    const origin = this.trees.has(tree) ? undefined : treeOrigin(tree);
    if (origin === undefined) return this.trees.get(tree);
    const key = this.compact.get(origin.content);
    return key === undefined ? undefined : `${key}${origin.part === 'body' ? 'b' : 'e'}`;
  }

  private keyOf(tree: Root, variant: string): string | null {
    const made = this.madeOf(tree);
    if (made === undefined) return null;
    let hashed = this.variants.get(variant);
    if (hashed === undefined) this.variants.set(variant, (hashed = contentHash(variant, 8)));
    return `${made}.${hashed}`;
  }

  find(tree: Root, variant: string): WrittenBody | undefined {
    const key = this.keyOf(tree, variant);
    const found = key === null ? undefined : this.store.find(key);
    if (found === undefined) this.written++;
    return found;
  }

  keep(tree: Root, variant: string, body: WrittenBody): void {
    const key = this.keyOf(tree, variant);
    // Kept until the cache is written, so kept flat: the writer's HTML is a rope of its many
    // pieces, two to three times the memory of the text (see `flat` in renderer/render.tsx).
    if (key === null) return;
    // A large site's bodies wait in the spill file instead (pipeline/io/spill-file.ts).
    if (this.spill) return this.store.putJson(key, this.spill.add(JSON.stringify(body)));
    body.html.charCodeAt(0);
    this.store.put(key, body);
  }

  /** Keeps the bodies of this build's markdown that no page asked for (their pages came from the previous output). */
  retain(): void {
    const live = new Set(this.trees.values());
    for (const key of this.compact.values()) live.add(`${key}b`).add(`${key}e`);
    this.store.keepEarlier((key) => live.has(key.slice(0, key.indexOf('.'))));
  }
}
