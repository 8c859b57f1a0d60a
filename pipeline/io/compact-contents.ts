/**
 * The markdown of a large site, held out of memory while its pages render.
 *
 * Once the markdown stage is done, every page's `Content` stays until the
 * build ends: the pages, the feeds and the cache read it, and the markdown
 * store keeps the same objects for the next build. At 30× our content that
 * is 210 MB of hast, half of what the main thread holds during the pages,
 * and the heap grows to about twice what it holds before it collects.
 *
 * For a large site the schedule (pipeline/schedule/schedule.ts) moves each
 * page's body and excerpt, as JSON, into a spill file
 * (pipeline/io/spill-file.ts) that the markdown store's entry is then written
 * from, and the page's `Content` reads its tree back from there each time a
 * stage asks for it. A page renders its body once
 * and a feed reads it once more, so each tree is parsed about twice more than
 * before; the JSON round trip is the one every warm build already makes
 * through `markdown.json`, so the output is the same.
 *
 * A tree read back is a new object each time. What is keyed by a tree's
 * identity (the written bodies of pipeline/io/written-bodies.ts) asks
 * `treeOrigin` which page and part it came from.
 */
import type { Root } from 'hast';
import { Json, type Store } from '../memo.ts';
import type { SpillFile } from './spill-file.ts';
import type { Content, MarkdownResult } from '../types.ts';

type Part = 'body' | 'excerpt';

const origins = new WeakMap<Root, { readonly content: CompactContent; readonly part: Part }>();

/** The compact content and part a tree was read back from; undefined for any other tree. */
export const treeOrigin = (tree: Root): { readonly content: CompactContent; readonly part: Part } | undefined => origins.get(tree);

/** A page's `Content` whose body and excerpt wait in a spill file; the rest is held as it was. */
export class CompactContent implements Content {
  readonly toc: Content['toc'];
  readonly anchors: Content['anchors'];
  readonly links: Content['links'];
  readonly words: number;
  readonly firstParagraph: string | null;
  readonly hasMermaid: boolean;
  readonly docCardList: boolean;

  readonly #body: Json;
  readonly #excerpt: Json | null;

  constructor(content: Content, body: Json, excerpt: Json | null) {
    this.#body = body;
    this.#excerpt = excerpt;
    this.toc = content.toc;
    this.anchors = content.anchors;
    this.links = content.links;
    this.words = content.words;
    this.firstParagraph = content.firstParagraph;
    this.hasMermaid = content.hasMermaid;
    this.docCardList = content.docCardList;
  }

  get body(): Root {
    return this.read(this.#body, 'body');
  }

  get excerpt(): Root | null {
    return this.#excerpt === null ? null : this.read(this.#excerpt, 'excerpt');
  }

  private read(json: Json, part: Part): Root {
    const tree = JSON.parse(json.text) as Root;
    origins.set(tree, { content: this, part });
    return tree;
  }
}

/**
 * A markdown result as the store writes it, with the body and excerpt in the
 * spill file: its JSON is put together when the cache is written.
 */
class CompactResult extends Json {
  /** `rest`: the JSON of the content without body and excerpt; `problems`: that of the problems. */
  constructor(private readonly rest: string, private readonly problems: string, private readonly body: Json, private readonly excerpt: Json | null) {
    super();
  }

  get text(): string {
    const members = this.rest === '{}' ? '}' : `,${this.rest.slice(1)}`;
    return `{"content":{"body":${this.body.text},"excerpt":${this.excerpt?.text ?? 'null'}${members},"problems":${this.problems}}`;
  }
}

/**
 * `contents` with the body and excerpt of every page whose markdown this
 * build made (`made`: the store's key of each permalink's job) moved into
 * `spill`; the store's entries of those pages are then kept as that JSON too.
 * A page whose markdown came from the cache keeps its `Content`: the store's
 * file holds its value as read anyway.
 */
export function compactContents(contents: ReadonlyMap<string, Content>, made: ReadonlyMap<string, string>, store: Store<MarkdownResult>, spill: SpillFile): Map<string, Content> {
  const compact = new Map<string, Content>();
  const inStore = store.made();
  for (const [permalink, content] of contents) {
    const key = made.get(permalink);
    const result = key === undefined ? undefined : inStore.get(key);
    if (key === undefined || result === undefined || result instanceof Json || result.content !== content) {
      compact.set(permalink, content);
      continue;
    }
    const body = spill.add(JSON.stringify(content.body));
    const excerpt = content.excerpt === null ? null : spill.add(JSON.stringify(content.excerpt));
    const { body: _body, excerpt: _excerpt, ...rest } = content;
    store.keepAsJson(key, new CompactResult(JSON.stringify(rest), JSON.stringify(result.problems), body, excerpt));
    compact.set(permalink, new CompactContent(content, body, excerpt));
  }
  return compact;
}
