/**
 * What a reader reads of a page: its word count (for the reading time) and
 * its first paragraph (the description when the frontmatter has none).
 */
import { toString } from 'mdast-util-to-string';
import type { Nodes, Paragraph, Root } from 'mdast';
import { countWords } from '../shared/text.ts';

/**
 * The text of every paragraph, heading, table cell and code block (image alt
 * texts included), one block apart, so that words of neighbouring blocks
 * (`## Stap` then `Klik`) never run together.
 */
function readableText(tree: Root): string {
  const blocks: string[] = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      blocks.push(toString(node));
      return;
    }
    if (node.type === 'code') blocks.push(node.value);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return blocks.join('\n');
}

/** The words of the page, for its reading time. */
export const readingWords = (tree: Root): number => countWords(readableText(tree));

/** The first top-level paragraph as one line of text, or null. */
export function firstParagraph(tree: Root): string | null {
  const first = tree.children.find((n): n is Paragraph => n.type === 'paragraph');
  return first ? toString(first).replace(/\s+/g, ' ').trim() : null;
}
