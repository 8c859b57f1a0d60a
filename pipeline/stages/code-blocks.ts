/**
 * The fenced code blocks of the content, found once per build: which
 * languages the highlighter loads, which diagrams Chromium draws, and which
 * blocks the highlight threads work through all come from them.
 */
import type { Code, Nodes, Root } from 'mdast';
import { contentHash } from '../content-hash.ts';
import { summaryOf } from './shared/stored-tree.ts';

/** Each tree's fenced code blocks in document order, made by `analyse` for the build. */
export type CodeIndex = ReadonlyMap<Root, ReadonlyArray<Code>>;

/**
 * Nodes whose children are phrasing content (text, emphasis, links, …), where
 * no fenced block can be. Not walking into them, and keeping no path to every
 * node as unist-util-visit does, makes this walk about ten times faster than
 * a visit of every node (tests/pipeline/markdown.test.ts holds it to
 * unist-util-visit's answer).
 */
const phrasingParents = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'textDirective', 'leafDirective']);

function collectCode(node: Nodes, found: Code[]): void {
  if (node.type === 'code') found.push(node);
  else if ('children' in node && !phrasingParents.has(node.type)) for (const child of node.children) collectCode(child, found);
}

/** The fenced code blocks of a tree, in document order (of a stored tree, from its summary). */
export function codeBlocks(tree: Root): ReadonlyArray<Code> {
  const known = summaryOf(tree)?.code;
  if (known) return known;
  const found: Code[] = [];
  collectCode(tree, found);
  return found;
}

export const codeIndex = (trees: Iterable<Root>): CodeIndex => new Map([...trees].map((tree) => [tree, codeBlocks(tree)] as const));

/** Whether a block is highlighted code (a language, and not a diagram). */
export const isHighlightedCode = (node: Code): boolean => Boolean(node.lang) && node.lang !== 'mermaid';

/** The languages of `blocks`, lower case, sorted: what the highlighter loads. */
export function codeLanguages(blocks: Iterable<Code>): string[] {
  const langs = new Set<string>();
  for (const node of blocks) if (isHighlightedCode(node)) langs.add(node.lang!.toLowerCase());
  return [...langs].sort();
}

/** Mermaid sources by hash, so that each distinct diagram is drawn once. */
export function diagramSources(blocks: Iterable<Code>): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of blocks) if (node.lang === 'mermaid') sources.set(contentHash(node.value, 16), node.value);
  return sources;
}
