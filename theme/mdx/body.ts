/**
 * A site's own component in a body. The renderer hands the hast node to its
 * own body components only (renderer/body/jsx-runtime.ts), never to React's;
 * as a body component the site component learns where its element stands:
 * in running text it is a `span`, and when it throws, the problem names the
 * line of its element.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { bodyComponent, TrustedHtml, type BodyNode } from '../../renderer/body/jsx-runtime.ts';
import { reactBody } from '../../renderer/body/write.ts';
import { placeOf } from '../../pipeline/problem.ts';

/** The hast node the renderer passes to a body component. */
interface Placed {
  readonly node?: { readonly type?: string; readonly position?: { start: { line: number; column: number } } };
  readonly children?: BodyNode;
}

const inText = (node: Placed['node']): boolean => node?.type === 'mdxJsxTextElement';

/**
 * A site component (made safe at the io edge, pipeline/io/safe-component.ts)
 * in a body: rendered here, once, to HTML the body writes as it is; its
 * children, the author's content, as the body's own React nodes.
 */
export const siteBodyComponent = (Component: ComponentType<any>) =>
  bodyComponent(({ node, children, ...props }: Placed & Record<string, unknown>) => {
    const element = createElement(Component, {
      ...props, inline: inText(node), ...(node?.position ? { place: placeOf(node) } : {}),
      ...(children === undefined ? {} : { children: reactBody(children) }),
    });
    return new TrustedHtml(renderToStaticMarkup(element), element);
  });
