/**
 * Every use of a site's own component in some bodies: its name (`Site$Kaart`),
 * its props and whether it has children, exactly as the body's render will
 * give them (the same hast-util-to-jsx-runtime set-up as renderer/markdown.tsx,
 * the same evaluater). The io edge has the component box render each before
 * the pages render (pipeline/io/site-components.ts).
 */
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ComponentType } from 'react';
import type { Root } from 'hast';
import { BodyElement, bodyComponent, Fragment, jsx, jsxs, type BodyNode } from './jsx-runtime.ts';
import { createEvaluater } from './evaluater.ts';

export interface SiteComponentUse {
  readonly name: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: boolean;
}

/** Stands for any other component a body names: only the site's components are looked for. */
const other = bodyComponent(() => null);

/** The uses of the components `names` in `trees`, nested ones included, in document order. */
export function siteComponentUses(trees: Iterable<Root>, names: ReadonlySet<string>): SiteComponentUse[] {
  const markers = new Map([...names].map((name) => [name, bodyComponent(() => null)] as const));
  const byMarker = new Map([...markers].map(([name, marker]) => [marker as unknown, name] as const));
  const components = Object.fromEntries(markers);
  const lookup = (name: string): unknown => markers.get(name) ?? other;
  const uses: SiteComponentUse[] = [];
  const walk = (node: BodyNode): void => {
    if (Array.isArray(node)) {
      for (const child of node as ReadonlyArray<BodyNode>) walk(child);
      return;
    }
    if (!(node instanceof BodyElement)) return;
    const { node: _node, children, ...props } = node.props as Record<string, unknown> & { children?: BodyNode };
    const name = byMarker.get(node.type);
    if (name !== undefined) uses.push({ name, props, children: children !== undefined });
    walk(children);
  };
  for (const tree of trees) {
    walk(toJsxRuntime(tree, {
      Fragment, jsx, jsxs,
      components: components as Record<string, ComponentType<any>>,
      createEvaluater: createEvaluater(lookup),
      passNode: true,
      passKeys: false,
      tableCellAlignToStyle: true,
    }) as unknown as BodyNode);
  }
  return uses;
}
