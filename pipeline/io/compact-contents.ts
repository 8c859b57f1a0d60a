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
 * spill file: its JSON is put together when the cache is written. Read back,
 * it is the page's compact content with its problems, the same objects each time.
 */
class CompactResult extends Json {
  private readonly result: MarkdownResult;

  /** `rest`: the JSON of the content without body and excerpt. */
  constructor(private readonly rest: string, content: CompactContent, problems: MarkdownResult['problems'], private readonly body: Json, private readonly excerpt: Json | null) {
    super();
    this.result = { content, problems };
  }

  get text(): string {
    const members = this.rest === '{}' ? '}' : `,${this.rest.slice(1)}`;
    return `{"content":{"body":${this.body.text},"excerpt":${this.excerpt?.text ?? 'null'}${members},"problems":${JSON.stringify(this.result.problems)}}`;
  }

  override value(): MarkdownResult {
    return this.result;
  }
}

/**
 * `result` as a large site's markdown store keeps it: the body and excerpt
 * moved into `spill` (`Store.keepMadeAs`), so that no page's hast stays in
 * memory once its markdown is made.
 */
export function compactResult(result: MarkdownResult, spill: SpillFile): Json {
  const { content, problems } = result;
  const body = spill.add(JSON.stringify(content.body));
  const excerpt = content.excerpt === null ? null : spill.add(JSON.stringify(content.excerpt));
  const { body: _body, excerpt: _excerpt, ...rest } = content;
  return new CompactResult(JSON.stringify(rest), new CompactContent(content, body, excerpt), problems, body, excerpt);
}
