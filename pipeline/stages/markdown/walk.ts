/**
 * One walk over a page's tree that hands each node to the handler for its
 * type, as mdast-util-to-hast keeps one handler per node type: the jobs of the
 * markdown stage share this walk instead of each walking the whole tree.
 */
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { Problem } from '../../problem.ts';
import type { Problems } from '../../result.ts';

/** What a handler makes of its node. Nothing: the node stays, and the walk goes into its children. */
export interface Visit {
  /** Problems found at this node, in the order of the page. */
  readonly problems?: Problems;
  /** Nodes that take this node's place, walked in its stead; none removes it. */
  readonly replace?: ReadonlyArray<RootContent>;
  /** The node stays, but the walk does not go into its children. */
  readonly skip?: boolean;
  /** Nodes that take this node's place and are not walked: they went through the jobs already (a partial's tree). */
  readonly settled?: ReadonlyArray<RootContent>;
}

/** A handler changes its node in place (the stage walks a copy of the parsed tree) and says what else to do. */
export type Handler<N extends Nodes> = (node: N) => Visit | undefined;

/** At most one handler per node type. */
export type Handlers = { readonly [T in Nodes['type']]?: Handler<Extract<Nodes, { type: T }>> };

/**
 * Walks the tree in document order, each node before its children, and
 * returns the problems the handlers found, in that order. A replacement is
 * walked instead of the node it replaces, so each node of the page is handled
 * once (a handler must therefore never replace a node by one it would replace
 * again).
 */
export function walk(tree: Root, handlers: Handlers): Problems {
  const found: Problem[] = [];
  const walkChildren = (parent: Parent): void => {
    const children = parent.children as RootContent[];
    let index = 0;
    while (index < children.length) {
      const node = children[index] as RootContent;
      const handler = handlers[node.type] as Handler<RootContent> | undefined;
      const visit = handler?.(node);
      if (visit?.problems) for (const problem of visit.problems) found.push(problem);
      if (visit?.replace) {
        children.splice(index, 1, ...visit.replace);
        continue;
      }
      if (visit?.settled) {
        children.splice(index, 1, ...visit.settled);
        index += visit.settled.length;
        continue;
      }
      if (!visit?.skip && 'children' in node) walkChildren(node);
      index++;
    }
  };
  walkChildren(tree);
  return found;
}
