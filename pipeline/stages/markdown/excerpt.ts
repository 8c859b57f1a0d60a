/**
 * The excerpt of a blog post: what stands before the truncation marker
 * (`<!-- truncate -->`). The marker itself never reaches the page.
 */
import type { Root } from 'mdast';
import { isTruncateMarker } from '../resolve.ts';

/** The page's tree without markers, and the part before the first one (null without a marker). */
export function splitExcerpt(tree: Root): { readonly body: Root; readonly excerpt: Root | null } {
  const marker = tree.children.findIndex((n) => isTruncateMarker(n));
  const excerpt: Root | null = marker >= 0 ? { type: 'root', children: tree.children.slice(0, marker) } : null;
  return { body: { ...tree, children: tree.children.filter((n) => !isTruncateMarker(n)) }, excerpt };
}
