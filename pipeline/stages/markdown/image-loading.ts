/**
 * `loading="lazy"` only below the fold. The rule: the first image of a page
 * (Markdown or raw HTML) loads at once, with `fetchpriority="high"`, when it
 * stands in one of the first three blocks of the text (paragraphs, headings,
 * lists, tables, admonitions: the top-level elements); every other image gets
 * `loading="lazy"`. A lazy image at the top would be fetched late and slow
 * down the first paint (LCP); an eager one lower down costs bandwidth for
 * readers who never scroll there. All images decode asynchronously; their
 * `width`/`height` come from the file, so nothing shifts either way.
 */
import type { Element, Root } from 'hast';

/** How many blocks at the top of a page count as "above the fold" for images. */
export const eagerImageBlocks = 3;

/** Sets every image's loading in place. */
export function imageLoading(tree: Root): void {
  let block = 0;
  let first = true;
  // A plain walk in document order: unist-util-visit took 80 ms of the cold build here, for few images.
  const walk = (node: Element) => {
    if (node.tagName === 'img') {
      const eager = first && block < eagerImageBlocks;
      first = false;
      const { loading: _loading, fetchPriority: _priority, ...rest } = node.properties;
      node.properties = { ...rest, decoding: 'async', ...(eager ? { fetchPriority: 'high' } : { loading: 'lazy' }) };
    }
    for (const child of node.children) if (child.type === 'element') walk(child);
  };
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    walk(child);
    block++;
  }
}
