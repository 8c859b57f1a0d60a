/**
 * Types that several stages, the io edges and the renderer share. They live
 * here, not in the stage that happens to make them, so that imports point one
 * way: stages → types ← renderer ← theme.
 */
import type { Root as HastRoot } from 'hast';
import type { Place, Problem } from './problem.ts';

/** A text file of the content tree, as the input edge (pipeline/io/read.ts) read it. */
export interface SourceFile {
  /** Path inside the content root, with forward slashes: `kennisbank/apis/index.md`. */
  readonly path: string;
  /** Path as shown in messages, relative to the working directory: `content/kennisbank/apis/index.md`. */
  readonly display: string;
  readonly text: string;
}

/** A binary file of the content tree (images, PDFs), as the input edge read it. */
export interface AssetFile {
  readonly path: string;
  readonly display: string;
  readonly bytes: Uint8Array;
}

/** Everything the read edge found: the sources the graph starts from, and what it could not read. */
export interface SourceTree {
  readonly files: ReadonlyArray<SourceFile>;
  readonly assets: ReadonlyArray<AssetFile>;
  readonly config: SourceFile | null;
  readonly problems: ReadonlyArray<Problem>;
}

/** A file of the built site. */
export interface OutputFile {
  /** Path inside the output folder: `kennisbank/apis/index.html`. */
  readonly path: string;
  readonly data: string | Uint8Array;
}

export interface TocItem {
  readonly id: string;
  readonly text: string;
  readonly depth: number;
}

/** An internal link as written, resolved to the URL it points at. */
export interface LinkRef {
  /** Absolute site path with optional hash: `/kennisbank/apis/#versies`. */
  readonly url: string;
  readonly file: string;
  readonly place: Place;
}

/** What the markdown stage makes of one page's body. */
export interface Content {
  readonly body: HastRoot;
  /** Blog posts: the part before the truncation marker. */
  readonly excerpt: HastRoot | null;
  readonly toc: ReadonlyArray<TocItem>;
  /** Every id on the page a link can point at. */
  readonly anchors: ReadonlyArray<string>;
  readonly links: ReadonlyArray<LinkRef>;
  readonly words: number;
  readonly firstParagraph: string | null;
  readonly hasMermaid: boolean;
  /** The page places the card list of its folder's children itself (`::doc-card-list`). */
  readonly docCardList: boolean;
}

/** A mermaid diagram as the io edge drew it: its SVG, or why it could not be drawn. */
export type Diagram = { readonly svg: string } | { readonly error: string };
