/**
 * Text that only looked like a directive (`10:30`, `ex:adres[0]`, an unknown
 * `:::naam`) was never meant as one: it goes back into the page as written.
 */
import { toString } from 'mdast-util-to-string';
import type { Paragraph, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { SourceOf } from './source.ts';

const paragraph = (value: string): Paragraph => ({ type: 'paragraph', children: [{ type: 'text', value }] });

/**
 * What takes the directive's place: its source text (rebuilt from the tree
 * when there is no source); a container keeps its content between its
 * opening line and `:::`.
 */
export function asWritten(node: ContainerDirective | LeafDirective | TextDirective, sourceOf: SourceOf): RootContent[] {
  const source = sourceOf(node);
  if (node.type === 'containerDirective') {
    const opening = source?.split('\n')[0] ?? `:::${node.name}`;
    return [paragraph(opening), ...(node.children as RootContent[]), paragraph(':::')];
  }
  const text = source ?? `${node.type === 'textDirective' ? ':' : '::'}${node.name}${toString(node)}`;
  return node.type === 'textDirective' ? [{ type: 'text', value: text }] : [paragraph(text)];
}
