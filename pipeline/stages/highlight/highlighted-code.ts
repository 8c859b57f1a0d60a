/**
 * Highlighted code: a rehype plugin that colours every fenced block with
 * shiki through @shikijs/rehype, taking the highlighter from the file's data.
 * The processor is made once (to-hast.ts) while the highlighter belongs to the
 * build, so it travels with each page's file instead of with the processor.
 */
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { HighlighterCore } from 'shiki/core';
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { shikiOptions, type Highlighter } from './requests.ts';

/** What a page's file brings for its code blocks. */
export interface CodeHighlighting {
  /** Null: the blocks stay plain (`pre > code`). */
  readonly highlighter: Highlighter | null;
  /**
   * Highlighted blocks by fence (language, meta, code), shared by the pages of
   * one build, which often repeat a block. Left out: each block is highlighted.
   */
  readonly highlighted?: Map<string, Root> | undefined;
}

declare module 'vfile' {
  interface DataMap {
    codeHighlighting: CodeHighlighting;
  }
}

/** The plugin: highlights in place, as @shikijs/rehype does, when the file brings a highlighter. */
export function highlightedCode() {
  return (tree: Root, file: VFile): undefined => {
    const { highlighter, highlighted } = file.data.codeHighlighting ?? { highlighter: null };
    if (!highlighter) return undefined;
    // @shikijs/rehype only calls codeToHast and getLoadedLanguages, and with `lazy` off it works
    // synchronously on the tree alone.
    const highlight = rehypeShikiFromHighlighter(highlighter as HighlighterCore, { ...shikiOptions, cache: highlighted }) as (tree: Root) => undefined;
    return highlight(tree);
  };
}
