/**
 * Admonitions (`:::tip`, `:::warning[Let op]`): an aside with the type's
 * Dutch title, or the title the author wrote.
 */
import { toString } from 'mdast-util-to-string';
import type { Nodes } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { SourceOf } from './source.ts';

/** The admonition types with their default titles (pipeline/stages/parse.ts knows the same types). */
export const admonitionTitles: Readonly<Record<string, string>> = {
  note: 'Notitie', tip: 'Tip', info: 'Info', warning: 'Waarschuwing', danger: 'Gevaar', caution: 'Pas op', success: 'Gelukt',
};

export const isAdmonition = (node: ContainerDirective): boolean => node.name in admonitionTitles;

/** A title's text, with what only looked like a text directive (`Let op:dit`) as written. */
function plainText(node: Nodes, sourceOf: SourceOf): string {
  if (node.type === 'textDirective') return sourceOf(node) ?? `:${node.name}${toString(node)}`;
  return 'children' in node ? node.children.map((c) => plainText(c as Nodes, sourceOf)).join('') : toString(node);
}

/** Makes an admonition's container the aside; its label paragraph, if any, becomes the title. */
export function admonition(node: ContainerDirective, sourceOf: SourceOf): void {
  const first = node.children[0];
  let title = admonitionTitles[node.name] ?? node.name;
  if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
    title = plainText(first, sourceOf).trim() || title;
    node.children.shift();
  }
  node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${node.name}`], dataAdmonition: node.name, dataTitle: title } };
}
