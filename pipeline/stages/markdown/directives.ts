/**
 * Directives (remark-directive): admonitions (every container is one, known
 * or not), the theme's embeds, and text that only looked like a directive,
 * each to its own module.
 */
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { admonition, isAdmonition, unknownAdmonition } from './admonitions.ts';
import { asWritten } from './directive-lookalikes.ts';
import { embed, isEmbed } from './embeds.ts';
import type { SourceOf } from './source.ts';
import type { Handler } from './walk.ts';

type Directive = ContainerDirective | LeafDirective | TextDirective;

export interface DirectiveElements {
  readonly directive: Handler<Directive>;
  /** Whether the page places its folder's card list itself, once the walk is done. */
  readonly docCardList: () => boolean;
}

/** The directive job of one page; `file` is its path in messages. */
export function directiveElements(file: string, sourceOf: SourceOf): DirectiveElements {
  let docCardList = false;
  const directive: Handler<Directive> = (node) => {
    if (node.type === 'containerDirective') {
      if (isAdmonition(node)) {
        admonition(node, sourceOf);
        return undefined;
      }
      // An unknown type (`:::Oproep`, `:::warn`): a neutral admonition, never `:::` lines on the page.
      return { problems: [unknownAdmonition(node, file, sourceOf)] };
    }
    if (node.type === 'leafDirective' && isEmbed(node)) {
      if (node.name === 'doc-card-list') docCardList = true;
      embed(node);
      return undefined;
    }
    return { replace: asWritten(node, sourceOf) };
  };
  return { directive, docCardList: () => docCardList };
}
