/**
 * A page's markdown with its trees held as JSON, parsed when a stage asks.
 *
 * The markdown store writes each result with the body and excerpt as JSON in
 * a string (`StoredContent`). A warm build reads the markdown of every page
 * (the links, anchors and table of contents the stages check) but the trees of
 * few: unchanged pages come from the previous output. Read from the store, a
 * page's `Content` is a `CompactContent` that parses its tree from that JSON
 * each time a stage asks for it.
 *
 * A large site's build keeps the trees it makes out of memory the same way
 * (`compactResult`): as soon as a page's markdown is made, its body and
 * excerpt go as JSON into a spill file (pipeline/io/spill-file.ts), from which
 * the store's entry is then written. At 30× our content that is 210 MB of
 * hast that would otherwise stay until the build ends. A page renders its
 * body once, the search sections and a feed read it once more; the JSON
 * round trip is the one every warm build makes through `markdown.json`, so
 * the output is the same.
 *
 * A tree read back is a new object each time. What is keyed by a tree's
 * identity (the written bodies of pipeline/io/written-bodies.ts) asks
 * `treeOrigin` which page and part it came from.
 */
import type { Root } from 'hast';
import { Json } from '../memo.ts';
import type { SpillFile } from './spill-file.ts';
import type { Content, MarkdownResult } from '../types.ts';

type Part = 'body' | 'excerpt';

const origins = new WeakMap<Root, { readonly content: CompactContent; readonly part: Part }>();

/** The compact content and part a tree was read back from; undefined for any other tree. */
export const treeOrigin = (tree: Root): { readonly content: CompactContent; readonly part: Part } | undefined => origins.get(tree);

/** A page's `Content` without its trees: what stays in memory of a compact one. */
type Fields = Omit<Content, 'body' | 'excerpt'>;

/**
 * A page's `Content` whose body and excerpt are held as their JSON (read
 * from the cache, or moved into a spill file); the rest is held as it was.
 */
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

  constructor(content: Fields, body: Json, excerpt: Json | null) {
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

  /** The stored form (`storedContent`), with the trees' JSON as it is held: not parsed to be written. */
  toJSON(): StoredContent {
    return storedContent(this, this.#body.text, this.#excerpt?.text ?? null);
  }

  private read(json: Json, part: Part): Root {
    const tree = JSON.parse(json.text) as Root;
    origins.set(tree, { content: this, part });
    return tree;
  }
}

/**
 * A page's `Content` as the markdown store writes it: the body and excerpt as
 * their JSON in a string. Reading the store then parses only a string per
 * tree, and a tree only when a stage asks for it: a warm build reads the
 * markdown of every page (the links, the table of contents) but the body of
 * few (docs/performance.md).
 */
interface StoredContent extends Fields {
  readonly body: string;
  readonly excerpt: string | null;
}

/** One order of the fields for every stored content, so that the same content is written as the same bytes. */
const storedContent = (content: Fields, body: string, excerpt: string | null): StoredContent => ({
  toc: content.toc, anchors: content.anchors, links: content.links, words: content.words, firstParagraph: content.firstParagraph,
  hasMermaid: content.hasMermaid, docCardList: content.docCardList, body, excerpt,
});

/** A markdown result as the store writes it (see `StoredContent`). */
const storedJson = (result: MarkdownResult): string => JSON.stringify({
  content: result.content instanceof CompactContent ? result.content
    : storedContent(result.content, JSON.stringify(result.content.body), result.content.excerpt === null ? null : JSON.stringify(result.content.excerpt)),
  problems: result.problems,
});

/**
 * A markdown result read from the store's file: its content compact, each
 * tree parsed when asked. A value in the form of an older write (the trees as
 * objects) is taken as it is.
 */
export function readMarkdownResult(value: unknown): MarkdownResult {
  const stored = value as { readonly content: StoredContent | Content; readonly problems: MarkdownResult['problems'] };
  const { content } = stored;
  if (typeof content.body !== 'string') return stored as MarkdownResult;
  const { body, excerpt } = content as StoredContent;
  return { content: new CompactContent(content, new Json(body), excerpt === null ? null : new Json(excerpt)), problems: stored.problems };
}

/**
 * A markdown result this build made, as the store keeps it: the result
 * itself, written in the stored form when the cache is written (a compact
 * one from its spill file).
 */
class KeptResult extends Json {
  constructor(private readonly result: MarkdownResult) {
    super();
  }

  get text(): string {
    return storedJson(this.result);
  }

  override value(): MarkdownResult {
    return this.result;
  }
}

/** How the markdown store keeps what a build makes (`Store.keepMadeAs`): written in the stored form. */
export const keptResult = (result: MarkdownResult): Json => new KeptResult(result);

/**
 * `result` as a large site's markdown store keeps it: the body and excerpt
 * moved into `spill` (`Store.keepMadeAs`), so that no page's hast stays in
 * memory once its markdown is made.
 */
export function compactResult(result: MarkdownResult, spill: SpillFile): Json {
  return compactStored(storedResult(result), spill);
}

/** A markdown result in the stored form, its trees as JSON: what a helper thread sends back (pipeline/io/markdown-helper.ts). */
export interface StoredResult {
  readonly content: StoredContent;
  readonly problems: MarkdownResult['problems'];
}

export const storedResult = ({ content, problems }: MarkdownResult): StoredResult =>
  ({ content: storedContent(content, JSON.stringify(content.body), content.excerpt === null ? null : JSON.stringify(content.excerpt)), problems });

/** A result in the stored form as `compactResult` keeps it: its trees' JSON moved into `spill`. */
export function compactStored({ content, problems }: StoredResult, spill: SpillFile): Json {
  const body = spill.add(content.body);
  const excerpt = content.excerpt === null ? null : spill.add(content.excerpt);
  // Read back, it is the page's compact content with its problems, the same objects each time.
  return new KeptResult({ content: new CompactContent(content, body, excerpt), problems });
}
