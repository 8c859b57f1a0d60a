/**
 * The truncation marker of a blog post. Its own module: resolve checks that
 * every post has one and the markdown stage splits the excerpt at it, and
 * neither stage may import the other's steps (no import cycles).
 */
import type { Nodes, Root } from 'mdast';
import { summaryOf } from './stored-tree.ts';

/** The truncation marker: `<!-- truncate -->` (Markdown) or `{/* truncate *\/}` (MDX style). */
export const isTruncateMarker = (node: Nodes): boolean =>
  (node.type === 'html' && /^<!--\s*truncate\s*-->$/.test(node.value.trim())) ||
  (node.type === 'paragraph' && node.children.length === 1 && node.children[0]?.type === 'text' && /^\{\/\*\s*truncate\s*\*\/\}$/.test(node.children[0].value.trim()));

export const hasTruncateMarker = (tree: Root): boolean => summaryOf(tree)?.truncated ?? tree.children.some(isTruncateMarker);
