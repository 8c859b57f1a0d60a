/**
 * Admonitions (`:::tip`, `:::warning[Let op]`): an aside with the type's
 * Dutch title, or the title the author wrote. A title with Markdown in it
 * (`:::tip[**Kort**]`) keeps its inline nodes, as the aside's first child;
 * a plain one is a property. A container of any other type is an admonition
 * too, a neutral one, with a warning: a page never shows the `:::` lines.
 */
import { toString } from 'mdast-util-to-string';
import type { Nodes, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { warning, placeOf, type Problem } from '../../problem.ts';
import { closest } from '../shared/text.ts';
import type { SourceOf } from './source.ts';

/**
 * The admonition types with their default titles: Docusaurus 3's types
 * (pipeline/stages/parse/legacy-admonition-titles.ts knows the same), in
 * lower case only, as there.
 */
export const admonitionTitles: Readonly<Record<string, string>> = {
  note: 'Notitie', tip: 'Tip', info: 'Info', warning: 'Waarschuwing', danger: 'Gevaar', caution: 'Pas op', success: 'Gelukt',
  secondary: 'Notitie', important: 'Belangrijk',
};

/** Types that look like another (Docusaurus' aliases): the theme styles them as that one. */
const lookAlike: Readonly<Record<string, string>> = { secondary: 'note', important: 'info' };

/** How the theme styles an admonition of a type it does not know. */
const neutral = 'note';

export const isAdmonition = (node: ContainerDirective): boolean => Object.hasOwn(admonitionTitles, node.name);

/** A title's text, with what only looked like a text directive (`Let op:dit`) as written. */
function plainText(node: Nodes, sourceOf: SourceOf): string {
  if (node.type === 'textDirective') return sourceOf(node) ?? `:${node.name}${toString(node)}`;
  return 'children' in node ? node.children.map((c) => plainText(c as Nodes, sourceOf)).join('') : toString(node);
}

/** Whether a label is only text (a text directive there is text as written): the title is then a property alone. */
const isPlainLabel = (label: Paragraph): boolean => label.children.every((c) => c.type === 'text' || c.type === 'textDirective');

/**
 * Makes an admonition's container the aside; the label paragraph, if any,
 * becomes the title: a property when it is plain text, and also the aside's
 * first child (`data-admonition-title`) when it has Markdown in it, so its
 * links, code and emphasis reach the page. A `title` attribute
 * (`:::note{title="…"}`) is plain text and goes before the label, as in
 * Docusaurus. `type` is the style; the default title is the node's own type's.
 */
function asAside(node: ContainerDirective, sourceOf: SourceOf, type: string, defaultTitle: string): void {
  const first = node.children[0];
  const label = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? first : null;
  const attribute = node.attributes?.title;
  let title = typeof attribute === 'string' && attribute.trim() ? attribute.trim() : null;
  if (label) {
    node.children.shift();
    const text = plainText(label, sourceOf).trim();
    if (!title && text) {
      title = text;
      if (!isPlainLabel(label)) {
        label.data = { ...label.data, hProperties: { className: ['admonition-title'], dataAdmonitionTitle: '' } };
        node.children.unshift(label);
      }
    }
  }
  node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${type}`], dataAdmonition: type, dataTitle: title ?? defaultTitle } };
}

/** Makes a known admonition's container the aside. */
export function admonition(node: ContainerDirective, sourceOf: SourceOf): void {
  asAside(node, sourceOf, lookAlike[node.name] ?? node.name, admonitionTitles[node.name] ?? node.name);
}

/** The known type an unknown one seems to mean: the same in lower case, one it begins, or one a letter or two away. */
function meant(name: string): string | null {
  const lower = name.toLowerCase();
  const types = Object.keys(admonitionTitles);
  return types.find((t) => t === lower) ?? types.find((t) => lower.length >= 3 && t.startsWith(lower)) ?? closest(lower, types);
}

/**
 * A container of a type that is not an admonition: shown as a neutral one,
 * titled by its label or else its name as written, with a warning at its
 * opening line that names the known types.
 */
export function unknownAdmonition(node: ContainerDirective, file: string, sourceOf: SourceOf): Problem {
  asAside(node, sourceOf, neutral, node.name);
  const suggestion = meant(node.name);
  const known = Object.keys(admonitionTitles).join(', ');
  const hint = suggestion === node.name.toLowerCase()
    ? ` Bedoel je "${suggestion}"? Een type staat in kleine letters.`
    : suggestion ? ` Bedoel je "${suggestion}"?` : '';
  return warning('unknown-admonition', file, placeOf(node),
    `"${node.name}" is geen admonition-type; het blok wordt als neutrale notitie getoond.${hint} Bekende types: ${known}.`);
}
