/**
 * Leaf directives that stand for something the theme draws: the card list
 * of a docs folder (`::doc-card-list`, Docusaurus' <DocCardList />) and video
 * embeds (`::video-youtube{#id}`, `::video-vimeo{#id}`).
 */
import { toString } from 'mdast-util-to-string';
import type { LeafDirective } from 'mdast-util-directive';

/** Whether the theme draws this leaf directive. */
export const isEmbed = (node: LeafDirective): boolean =>
  node.name === 'doc-card-list' || node.name === 'video-youtube' || node.name === 'video-vimeo';

/** Makes the directive the placeholder element the theme fills (renderer/body/components.ts). */
export function embed(node: LeafDirective): void {
  if (node.name === 'doc-card-list') {
    node.data = { hName: 'div', hProperties: { className: ['doc-card-list'], dataDocCardList: '' } };
  } else {
    const id = node.attributes?.id ?? '';
    node.data = { hName: 'div', hProperties: { className: ['video-embed'], dataVideo: node.name.slice('video-'.length), dataVideoId: id, dataTitle: toString(node) || undefined } };
  }
  node.children = [];
}
